/**
 * @module The registry's query services as its WSDLs state them (certain: the WSDLs' operations,
 * parameter order, target namespaces and the test addresses' paths). A deployment names the base
 * address (REGISTRY_QUERY_URL); each service is a path under it. The registration services
 * (ws.zhongdengwang.org.cn, InitRegisterService) are out of this product's scope.
 */

/** The WSDLs' test base; production is probably the same without `_test` (inferred, docs/registry-connector.md). */
export const TEST_QUERY_BASE = "https://wsquery.zhongdengwang.org.cn/mfrsq_ws_test/services";

const NAMESPACE_BASE = "https://wsquery.zhongdengwang.org.cn/mfrsq_ws/services";

export const SERVICES = {
  login: {
    path: "login",
    operation: "login",
    namespace: `${NAMESPACE_BASE}/LoginService`,
    parameters: ["userName", "userPassword", "platformAuthCode"],
  },
  queryBySubject: {
    path: "queryBySubject",
    operation: "queryBySubject",
    namespace: `${NAMESPACE_BASE}/QueryBySubjectService`,
    parameters: ["platformAuthCode", "loginToken", "debttype", "nameorno", "confirm"],
  },
  download: {
    path: "queryDownLoadFileByNum",
    operation: "queryDownLoadFileByNum",
    namespace: `${NAMESPACE_BASE}/DownLoadFileByNumService`,
    parameters: ["platformAuthCode", "loginToken", "registerNo", "debttype", "nameorno"],
  },
};

/** Parameters whose values are personal data (the subject's name or identity number): never in a log line. */
export const PERSONAL_PARAMETERS = new Set(["nameorno"]);
