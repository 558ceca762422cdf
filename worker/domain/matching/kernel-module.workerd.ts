/**
 * @module The scan kernel in workerd: the binary imported as a module, compiled when the Worker is loaded
 * (workerd compiles no WebAssembly from bytes at run time). package.json's #scan-kernel gives this module
 * to workerd and ./kernel-module.embedded.ts to everything else.
 */
import scanKernel from "./scan-kernel.wasm";

export const scanKernelModule: WebAssembly.Module = scanKernel;
