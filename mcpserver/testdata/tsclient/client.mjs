// End-to-end client for `foamc mcp` on the official TypeScript MCP SDK.
// usage: node client.mjs stdio FOAMC ROOT | node client.mjs http URL ROOT TOKEN
// Prints one JSON transcript on stdout: the tools as listed and each call with its result.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, target, root, token] = process.argv.slice(2);
const transport = mode === "stdio"
  ? new StdioClientTransport({ command: target, args: ["mcp", "--root", root], stderr: "inherit" })
  : new StreamableHTTPClientTransport(new URL(target), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
const client = new Client({ name: "foamc-e2e", version: "1.0.0" });
await client.connect(transport);

const transcript = { protocol: transport.protocolVersion ?? null, server: client.getServerVersion(), tools: [], calls: [] };
const { tools } = await client.listTools();
transcript.tools = tools.map((t) => ({ name: t.name, title: t.title, input: Object.keys(t.inputSchema.properties ?? {}), output: Object.keys(t.outputSchema?.properties ?? {}) }));

async function call(name, args) {
  // callTool validates structuredContent against the tool's outputSchema; onprogress
  // makes the request carry a progress token.
  const progress = [];
  const res = await client.callTool({ name, arguments: args }, undefined, { onprogress: (p) => progress.push(p), timeout: 120000 });
  const content = res.content.map((c) => ({ type: c.type, mimeType: c.mimeType ?? c.resource?.mimeType, bytes: (c.data ?? c.resource?.text ?? c.text ?? "").length }));
  transcript.calls.push({ tool: name, args, isError: res.isError ?? false, result: res.structuredContent, content, progress });
}

const out = `out-${mode}`;
await call("compile_spec", { spec_path: "cavity/spec.yaml", output_dir: out });
await call("lint_case", { case_dir: out });
await call("gate_check", { case_dir: out });
await call("lint_case", { case_dir: "broken" });
await call("gate_check", { case_dir: "broken" });
await call("lint_case", { case_dir: "/etc" });
await call("run_case", { case_dir: out, steps: 3 });
await call("report_case", { case_dir: out });

// A run cancelled at its first progress notification: the request is aborted, the
// client sends notifications/cancelled, and the server must stop the solver (the Go
// test then scans /proc).
await call("compile_spec", { spec_path: "cavity-fine/spec.yaml", output_dir: `${out}-fine` });
const abort = new AbortController();
const steps = [];
try {
  await client.callTool({ name: "run_case", arguments: { case_dir: `${out}-fine`, steps: 200 } }, undefined, {
    signal: abort.signal, timeout: 120000,
    onprogress: (p) => { steps.push(p.progress); abort.abort("enough"); },
  });
  transcript.cancel = { cancelled: false, steps };
} catch (e) {
  transcript.cancel = { cancelled: abort.signal.aborted, steps, error: String(e) };
}

const schema = await client.readResource({ uri: "foamc://schema/spec.json" });
transcript.specSchemaBytes = schema.contents[0].text.length;
const { prompts } = await client.listPrompts();
transcript.prompts = prompts.map((p) => p.name);

await client.close();
process.stdout.write(JSON.stringify(transcript) + "\n");
