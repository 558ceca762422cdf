/**
 * @module What the replica answers, as the registry would write it: the queryBySubject zip of one
 * feedback XML (QueryBySubjectRspApiModel), an error zip (a feedback with <errors>), and the fault
 * texts it plays. The texts are invented (no error text is published) but chosen to match the
 * connector's FAULT_OUTCOMES table, which is the point: a test per text shows each maps as the
 * contract says.
 */
import { XMLBuilder } from "fast-xml-parser";
import { REGISTER_TYPE_CODES } from "../mappings.mjs";
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
  missingCertificate: "登记证明文件不存在",
};

const builder = new XMLBuilder({ suppressEmptyNode: true });
const CODE_OF_REGISTER_TYPE = Object.fromEntries(Object.entries(REGISTER_TYPE_CODES).map(([code, type]) => [type, code]));
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** "2022-05-29T11:41:05+08:00" as the registry writes it: "2022-05-29 11:41:05" (UTC+8). */
function registryTime(iso) {
  return iso ? iso.slice(0, 19).replace("T", " ") : undefined;
}

/**
 * The listing's zip: registrations grouped by business type, as the registry groups them.
 * @param {{certificateNumber: string, registerType?: string, registerTime?: string, expiresAt?: string, summary?: Record<string, unknown>}[]} registrations
 * @param {{truncate?: boolean, gbk?: boolean, badCrc?: boolean}} [options] truncate: totalrows claims one
 *   more than is listed; gbk: the XML in GBK, declared so, each result's spname the business type's
 *   Chinese description (text that only decodes right as GBK); badCrc: the zip's CRC altered
 */
export function listingZip(registrations, { truncate = false, gbk = false, badCrc = false } = {}) {
  const groups = new Map();
  for (const r of registrations) {
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
  return writeZip([{ name: "queryresult.xml", bytes: gbk ? gbkXml(xml) : Buffer.from(xml, "utf8") }], { badCrc });
}

/** An error answer: a zip holding one feedback XML with the error's text. */
export function errorZip(message) {
  const xml = XML_DECLARATION + builder.build({ feedback: { errors: { error: message } } });
  return writeZip([{ name: "error.xml", bytes: Buffer.from(xml, "utf8") }]);
}
