/**
 * @module The three query services as the replica reads them from the registry's WSDLs (kiant71/MyTestExt2
 * at fa47111a, `Web References/cn.org.zhongdengwang.wsquery.*`), written here apart from the connector's
 * services.mjs so that a wrong name, namespace or order on either side shows as a fault, not an agreement.
 * Every element is `minOccurs="0"` of xs:base64Binary, in a sequence (order matters); `login` declares no
 * fault, the other two an `Exception{message}` fault in their target namespace.
 */
const TARGET = "https://wsquery.zhongdengwang.org.cn/mfrsq_ws/services";

/** @type {Record<string, {operation: string, namespace: string, sequence: string[], declaresFault: boolean}>} by address path */
export const WSDL_SERVICES = {
  login: {
    operation: "login",
    namespace: `${TARGET}/LoginService`,
    sequence: ["userName", "userPassword", "platformAuthCode"],
    declaresFault: false,
  },
  queryBySubject: {
    operation: "queryBySubject",
    namespace: `${TARGET}/QueryBySubjectService`,
    sequence: ["platformAuthCode", "loginToken", "debttype", "nameorno", "confirm"],
    declaresFault: true,
  },
  queryDownLoadFileByNum: {
    operation: "queryDownLoadFileByNum",
    namespace: `${TARGET}/DownLoadFileByNumService`,
    sequence: ["platformAuthCode", "loginToken", "registerNo", "debttype", "nameorno"],
    declaresFault: true,
  },
};
