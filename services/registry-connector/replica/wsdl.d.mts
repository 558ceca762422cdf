/** Types of wsdl.mjs, for TypeScript callers (the tests). */
export interface WsdlService {
  operation: string;
  namespace: string;
  sequence: string[];
  declaresFault: boolean;
}
export const WSDL_SERVICES: Record<"login" | "queryBySubject" | "queryDownLoadFileByNum", WsdlService>;
