/**
 * @module The scan kernel outside workerd (Node: tests, benches, tools that bundle the matcher): compiled
 * from the bytes ./scan-kernel-bytes.ts carries, so a bundler needs no loader for .wasm files. The Worker
 * never bundles this module (package.json's #scan-kernel gives it ./kernel-module.workerd.ts).
 */
import { SCAN_KERNEL_BASE64 } from "./scan-kernel-bytes";

/** The constructor workerd's types leave out (it may not compile from bytes), present in Node. */
const CompileModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

export const scanKernelModule = new CompileModule(Uint8Array.from(atob(SCAN_KERNEL_BASE64), (c) => c.charCodeAt(0)));
