/** opencc-js ships its dictionaries as ES modules without declarations: each default-exports "from to|from to|…". */
declare module "opencc-js/dict/TSCharacters" {
  const dictionary: string;
  export default dictionary;
}
