/**
 * @module Word lists the sandbox builds realistic Chinese parties, addresses and texts from. Every
 * character the generator can print comes from this folder's source (plus ASCII and full-width forms):
 * scripts/build-pdf-assets.mjs subsets the embedded font to exactly those characters.
 */

/** Province, city, district and the 6-digit administrative division code (GB/T 2260). */
export const REGIONS = [
  { province: "上海市", city: "上海市", district: "浦东新区", code: "310115" },
  { province: "上海市", city: "上海市", district: "闵行区", code: "310112" },
  { province: "北京市", city: "北京市", district: "朝阳区", code: "110105" },
  { province: "北京市", city: "北京市", district: "海淀区", code: "110108" },
  { province: "广东省", city: "深圳市", district: "南山区", code: "440305" },
  { province: "广东省", city: "广州市", district: "天河区", code: "440106" },
  { province: "浙江省", city: "杭州市", district: "西湖区", code: "330106" },
  { province: "浙江省", city: "宁波市", district: "鄞州区", code: "330212" },
  { province: "江苏省", city: "南京市", district: "鼓楼区", code: "320106" },
  { province: "江苏省", city: "苏州市", district: "工业园区", code: "320571" },
  { province: "山东省", city: "青岛市", district: "黄岛区", code: "370211" },
  { province: "四川省", city: "成都市", district: "武侯区", code: "510107" },
  { province: "湖北省", city: "武汉市", district: "江汉区", code: "420103" },
  { province: "天津市", city: "天津市", district: "滨海新区", code: "120116" },
  { province: "福建省", city: "厦门市", district: "思明区", code: "350203" },
  { province: "河南省", city: "郑州市", district: "金水区", code: "410105" },
] as const;

export const NAME_STEMS = [
  "华信",
  "恒通",
  "宏达",
  "金桥",
  "远航",
  "中科",
  "鼎盛",
  "瑞丰",
  "东方",
  "新源",
  "永泰",
  "嘉禾",
  "汇丰",
  "天成",
  "广利",
  "明阳",
  "锦程",
  "国泰",
  "长城",
  "博远",
  "德润",
  "泰和",
  "正元",
  "兴业",
  "安达",
  "润华",
  "海纳",
  "同创",
  "万顺",
  "晨光",
  "立信",
  "众诚",
  "云帆",
  "启明",
  "宝隆",
  "富春",
  "星河",
  "凯旋",
  "聚力",
] as const;

export const TRADES = [
  "商贸",
  "贸易",
  "供应链管理",
  "机械制造",
  "电子科技",
  "新材料",
  "建筑工程",
  "物流",
  "医药",
  "食品",
  "纺织",
  "化工",
  "汽车零部件",
  "信息技术",
  "能源",
  "农业发展",
  "包装材料",
  "精密仪器",
  "钢铁",
  "环保科技",
] as const;

export const COMPANY_SUFFIXES = ["有限公司", "股份有限公司", "有限责任公司", "集团有限公司"] as const;

/** Secured parties: banks, factoring and leasing companies (name, financial institution code prefix). */
export const BANKS = [
  "中国工商银行股份有限公司",
  "中国农业银行股份有限公司",
  "中国银行股份有限公司",
  "中国建设银行股份有限公司",
  "交通银行股份有限公司",
  "招商银行股份有限公司",
  "上海浦东发展银行股份有限公司",
  "中信银行股份有限公司",
  "兴业银行股份有限公司",
  "平安银行股份有限公司",
  "宁波银行股份有限公司",
  "江苏银行股份有限公司",
] as const;
export const BRANCH_SUFFIXES = ["分行", "支行"] as const;
export const FINANCE_SUFFIXES = ["商业保理有限公司", "融资租赁有限公司", "金融租赁股份有限公司"] as const;

export const SURNAMES = [
  ..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤",
];
export const GIVEN_CHARS = [..."伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超霞平刚桂华建国志红文辉玲力斌宇浩凯晨欣怡子涵梓轩俊峰海燕雪梅德胜春兰"];

export const ROADS = [
  "世纪大道",
  "张江路",
  "建国路",
  "中关村大街",
  "深南大道",
  "科技园路",
  "天河路",
  "文三路",
  "中山路",
  "人民路",
  "解放路",
  "长江路",
  "黄河路",
  "和平路",
  "滨海大道",
  "星湖街",
  "金融街",
  "东风路",
] as const;

export const GOODS = [
  "钢材",
  "电解铜",
  "铝锭",
  "大豆",
  "玉米",
  "棉花",
  "原油",
  "橡胶",
  "塑料粒子",
  "纸浆",
  "煤炭",
  "化肥",
  "电子元器件",
  "医疗器械",
  "数控机床",
  "工程机械",
  "光伏组件",
  "锂电池",
  "服装面料",
  "冷冻食品",
] as const;

export const EQUIPMENT = [
  "数控加工中心",
  "注塑机",
  "空气压缩机",
  "叉车",
  "起重机",
  "挖掘机",
  "变压器",
  "生产线设备",
  "冷库设备",
  "温室大棚",
  "灌溉设施",
  "服务器机柜",
] as const;

export const SECURITY_TYPES = ["质押", "抵押", "保证金", "所有权保留", "留置", "其他"] as const;

export const SECURED_SCOPES = [
  "主债权本金、利息、罚息、复利、违约金、损害赔偿金和实现债权的费用",
  "主合同项下全部债务",
  "主债权及利息、违约金、损害赔偿金、实现债权的费用",
] as const;

export const LEASE_TYPES = ["直接租赁", "售后回租", "转租赁", "委托租赁"] as const;

export const CHANGE_DESCRIPTIONS = [
  "变更担保财产描述，补充应收账款清单",
  "变更质权人名称",
  "变更主合同金额及履行期限",
  "补充发票清单及附件",
  "更正出质人住所信息",
] as const;

export const CANCELLATION_REASONS = [
  "主债权消灭",
  "担保权利实现",
  "担保权人放弃登记载明的担保财产之上的全部担保权",
  "其他导致所登记权利消灭的情形",
] as const;

export const ORIGINAL_DEPARTMENTS = ["国家市场监督管理总局", "上海市市场监督管理局", "深圳市市场监督管理局"] as const;
export const ORIGINAL_NOTES = ["原登记已转入统一登记系统", "原登记在其他机构办理，现补充登记"] as const;

/** Identity document types printed for preparers and individuals. */
export const CERTIFICATE_TYPES = ["身份证", "统一社会信用代码", "护照"] as const;
