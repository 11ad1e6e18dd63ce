// Compiles the engine wheel's modules with the Pyodide the site ships, for
// sitebuild/bytecode.py (read its docstring for why). Usage:
//   node bytecode.mjs PYODIDE_DIR COMPILER_PY WHEEL OUT_ZIP EPOCH
// Prints the Python tag of the bytecode (e.g. "cp314") on success.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, compilerPath, wheelPath, outPath, epoch] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {} });
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheelPath));
pyodide.runPython(readFileSync(compilerPath, "utf8"));
const tag = pyodide.runPython(
  `compile_wheel("/tmp/engine.whl", "/tmp/engine.zip", ${Number(epoch)})`,
);
writeFileSync(outPath, pyodide.FS.readFile("/tmp/engine.zip"));
console.log(tag);
