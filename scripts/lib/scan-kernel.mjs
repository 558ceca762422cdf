/** The scan kernel's text assembled (wabt), for scripts/build-scan-kernel.mjs and the test that the committed binary is current. */
import { readFileSync } from "node:fs";
import wabtInit from "wabt";

export const SCAN_KERNEL_DIR = new URL("../../worker/domain/matching", import.meta.url).pathname;

/** The bytes of scan-kernel.wat assembled, validated. */
export async function assembleScanKernel() {
  const wabt = await wabtInit();
  const module = wabt.parseWat("scan-kernel.wat", readFileSync(`${SCAN_KERNEL_DIR}/scan-kernel.wat`, "utf8"));
  try {
    module.validate();
    return Uint8Array.from(module.toBinary({}).buffer);
  } finally {
    module.destroy();
  }
}

/** The committed scan-kernel.wasm. */
export function readCommittedScanKernel() {
  return Uint8Array.from(readFileSync(`${SCAN_KERNEL_DIR}/scan-kernel.wasm`));
}
