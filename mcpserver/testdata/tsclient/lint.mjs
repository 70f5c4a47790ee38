// Lints one case through `foamc mcp` on the official TypeScript MCP SDK, over stdio.
// usage: node lint.mjs FOAMC ROOT CASE
// Prints one JSON transcript on stdout: lint_case, gate_check and inspect_case of CASE.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [foamc, root, caseDir] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: foamc, args: ["mcp", "--root", root], stderr: "inherit" });
const client = new Client({ name: "foamc-lint", version: "1.0.0" });
await client.connect(transport);

const calls = [];
for (const tool of ["lint_case", "gate_check", "inspect_case"]) {
  // callTool validates structuredContent against the tool's outputSchema.
  const res = await client.callTool({ name: tool, arguments: { case_dir: caseDir } }, undefined, { timeout: 120000 });
  calls.push({ tool, isError: res.isError ?? false, result: res.structuredContent });
}
await client.close();
process.stdout.write(JSON.stringify({ calls }) + "\n");
