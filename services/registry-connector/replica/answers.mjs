/**
 * @module What the replica answers, as the registry would write it: the queryBySubject zip of one
 * feedback XML (QueryBySubjectRspApiModel), an error zip (a feedback with <errors>), the shapes a
 * registry might answer that the 2020 client never showed (behaviour.mjs: two XML files, an error in
 * another form, a capped list), and the fault texts it plays. The texts are invented (no error text is
 * published) and written here, not taken from the connector's table: a test per text shows how each
 * maps, and a text the table does not know (会话已超时) shows what the connector does with the unknown.
 */
import { XMLBuilder } from "fast-xml-parser";
import { gbkXml } from "./gbk.mjs";
import { writeZip } from "./zip-write.mjs";

export const FAULT_TEXTS = {
  expiredToken: "登录令牌已失效，请重新登录",
  loginRefused: "用户名、密码或平台授权码错误",
  cannotDecrypt: "参数解密失败",
  busy: "系统繁忙，请稍后再试",
  quarantined: "该主体数据已隔离，暂停查询",
  unavailable: "查询服务暂不可用",
  internal: "系统内部错误",
  /** What Apache CXF answers for an exception the service did not declare. */
  undeclared: "Fault occurred while processing.",
  unknownDebtType: "查询类型不正确",
  missingCertificate: "登记证明文件不存在",
};

const builder = new XMLBuilder({ suppressEmptyNode: true });
/** The registry's registertype codes as the replica writes them (01 initial; the rest in the certificates' order). */
const CODE_OF_REGISTER_TYPE = { initial: "01", change: "02", extension: "03", cancellation: "04", objection: "05" };
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** "2022-05-29T11:41:05+08:00" as the registry writes it: "2022-05-29 11:41:05" (UTC+8). */
function registryTime(iso) {
  return iso ? iso.slice(0, 19).replace("T", " ") : undefined;
}

/**
 * The listing's zip: registrations grouped by business type, as the registry groups them.
 * @param {{certificateNumber: string, registerType?: string, registerTime?: string, expiresAt?: string, summary?: Record<string, unknown>}[]} registrations
 * @param {{truncate?: boolean, shape?: string, cap?: number, gbk?: boolean, badCrc?: boolean}} [options] truncate:
 *   totalrows claims one more than is listed; shape (behaviour.mjs `listing`): two-xml, unknown-error, capped
 *   (the first `cap` listed, totalrows the whole count); gbk: the XML in GBK, declared so, each result's
 *   spname the business type's Chinese description (text that only decodes right as GBK); badCrc: the
 *   zip's CRC altered
 */
export function listingZip(registrations, { truncate = false, shape = "normal", cap = 3, gbk = false, badCrc = false } = {}) {
  if (shape === "unknown-error") {
    const xml = `${XML_DECLARATION}<feedback><totalrows>0</totalrows><errmsg>查询条件有误</errmsg></feedback>`;
    return writeZip([{ name: "queryresult.xml", bytes: Buffer.from(xml, "utf8") }]);
  }
  const listed = shape === "capped" ? registrations.slice(0, cap) : registrations;
  const groups = new Map();
  for (const r of listed) {
    const code = String(r.summary?.businessTypeCode ?? "N00000");
    const group = groups.get(code) ?? [];
    group.push({
      registerno: r.certificateNumber,
      registertime: registryTime(r.registerTime),
      registerexpiredate: r.expiresAt,
      registertype: CODE_OF_REGISTER_TYPE[r.registerType ?? ""] ?? r.registerType,
      ...(gbk ? { spname: String(r.summary?.businessType ?? "") } : {}),
    });
    groups.set(code, group);
  }
  const results = [...groups].map(([code, result]) => ({ businesstype: code, rows: String(result.length), spnametitle: code, result }));
  const xml = XML_DECLARATION + builder.build({ feedback: { totalrows: String(registrations.length + (truncate ? 1 : 0)), data: { results } } });
  const files = [{ name: "queryresult.xml", bytes: gbk ? gbkXml(xml) : Buffer.from(xml, "utf8") }];
  if (shape === "two-xml") files.push({ name: "queryresult_2.xml", bytes: Buffer.from(xml, "utf8") });
  return writeZip(files, { badCrc });
}

/** An error answer: a zip holding one feedback XML with the error's text. */
export function errorZip(message) {
  const xml = XML_DECLARATION + builder.build({ feedback: { errors: { error: message } } });
  return writeZip([{ name: "error.xml", bytes: Buffer.from(xml, "utf8") }]);
}
