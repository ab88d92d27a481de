// @ts-nocheck
// GENERATED from src/schema/extension-manifest-v1.ts by tests/generated-sources.ts. Do not edit; regenerate with:
// npx tsc -b packages/manifest && UPDATE_GENERATED=1 node --test packages/manifest/dist/tests/schema-generated-files.test.js && npx tsc -b packages/manifest
// Ajv standalone code (as fastify precompiles its config validator): validation loads no Ajv and compiles nothing.
"use strict";
export const validate = validate10;
export default validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Extension manifest, apiVersion 1","description":"The extension block of an npm package.json (<host>.extension). The host reads it without running package code; nothing in it runs before the user approves the extension. Unknown fields are ignored.","type":"object","required":["apiVersion","name"],"properties":{"$schema":{"type":"string","description":"URL or path of this JSON Schema, for editor completion. Ignored by the host."},"apiVersion":{"type":"integer","enum":[1],"description":"Contract version the manifest is written for. A version the host does not support makes the extension incompatible: listed with the reason, never run."},"name":{"type":"string","pattern":"^[a-z][a-z0-9-]{0,38}$","description":"Extension slug (^[a-z][a-z0-9-]{0,38}$): its mount /x/<name>/, state folder, config section extensions.<name> and approval use it. Not a built-in command, alias or reserved word (ext, x, hub, extensions, paths, api, config, help, version)."},"publisher":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]{0,38}$","description":"Publisher slug (^[a-z0-9][a-z0-9-]{0,38}$). The identity shown to users is publisher.name."},"displayName":{"type":"string","minLength":1,"description":"Human name shown in lists, the approval prompt and the hub."},"description":{"type":"string","minLength":1,"description":"One line saying what the extension does."},"commands":{"type":"array","description":"CLI commands: each becomes `<host> <name> ...args`. Built-in commands always win.","items":{"type":"object","required":["name"],"description":"One CLI command, run with stdio inherited and the remaining arguments.","properties":{"name":{"type":"string","pattern":"^[a-z][a-z0-9-]{0,38}$","description":"Command name (^[a-z][a-z0-9-]{0,38}$), unique in the manifest; not a built-in command, alias or reserved word."},"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the command with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the command without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"summary":{"type":"string","minLength":1,"description":"One line shown under the Extensions heading of `<host> --help`."}}}},"sidecar":{"type":"object","description":"Web server the hub starts on the first request to /x/<name>/ (on an ephemeral loopback port given as PORT) and stops when idle.","properties":{"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the sidecar with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the sidecar without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"health":{"type":"string","pattern":"^/","default":"/","description":"Path the hub polls until it answers 200 before forwarding the first request."},"idleStopMinutes":{"type":"number","exclusiveMinimum":0,"default":15,"description":"Minutes without a request or an open WebSocket after which the hub stops the sidecar."},"headersTimeoutSeconds":{"type":"number","exclusiveMinimum":0,"default":30,"description":"Seconds a request waits for the sidecar's response headers before the hub answers 504 naming its log. A body that has started is never cut."}}},"peer":{"type":"object","description":"Long-lived JSON-RPC 2.0 peer on stdin/stdout (NDJSON) that contributes actions, status items, RPC methods and events.","properties":{"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the peer with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the peer without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"activation":{"type":"array","description":"When the host starts the peer (default: onAction, onRpc, onProvider and onView, lazily).","items":{"type":"string","pattern":"^(?:onAction|onRpc|onProvider|onView|onStartup|onEvent:\\S+|onProject:\\S+)$","examples":["onAction","onRpc","onProvider","onView","onStartup","onEvent:project.*","onProject:package.json"],"description":"onAction, onRpc, onProvider, onView, onStartup, onEvent:<event type glob> or onProject:<marker file glob>."}}}},"hub":{"type":"object","required":["label"],"description":"Card on the hub home, linking to the sidecar at /x/<name>/.","properties":{"label":{"type":"string","minLength":1,"description":"Card title."},"description":{"type":"string","minLength":1,"description":"One line under the card title."}}},"projectLinks":{"type":"array","description":"Links shown on each project's page, resolved by the hub to /x/<name>/<path>.","items":{"type":"object","required":["label","path"],"description":"One link.","properties":{"label":{"type":"string","minLength":1,"description":"Link text."},"path":{"type":"string","pattern":"^/(?!/)","examples":["/project/{projectId}"],"description":"Path inside the sidecar, starting with /. The only placeholders are {projectId} and {repoRoot}."}}}},"configSchema":{"type":"string","minLength":1,"examples":["schema/config.json"],"description":"Package-relative .json file holding the JSON Schema of the extension's config section (extensions.<name>)."},"contributes":{"type":"object","description":"Everything the peer may register at runtime; a registration not declared here is refused.","properties":{"actions":{"type":"array","description":"Actions the peer handles (actions/invoke), listed by `<host> actions list` and offered to agents.","items":{"type":"object","required":["id","title"],"description":"One action.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Action id starting with the extension name and a dot (git.log for git), unique among the actions."},"title":{"type":"string","minLength":1,"description":"Short human title."},"description":{"type":"string","minLength":1,"description":"What the action does, for users and agents."},"targets":{"type":"array","minItems":1,"default":["global"],"description":"Contexts the action applies to: global (no project) and/or project (run with --project <id>).","items":{"type":"string","enum":["global","project"]}},"argsSchema":{"type":["object","boolean"],"description":"JSON Schema of the action's arguments (--args JSON); the host checks arguments against it."},"annotations":{"type":"object","description":"Hints for agents, with MCP's tool annotation names; absent means MCP's defaults (not read-only, destructive, not idempotent, open world). Only read-only actions are offered to agents unless the user allows more (`<host> extensions enable <name> --agents`).","properties":{"readOnlyHint":{"type":"boolean","default":false,"description":"True when the action changes nothing (agents get it by default)."},"destructiveHint":{"type":"boolean","default":true,"description":"False when the changes it makes only add (never delete or overwrite); meaningful when readOnlyHint is false."},"idempotentHint":{"type":"boolean","default":false,"description":"True when running it again with the same arguments has no further effect."},"openWorldHint":{"type":"boolean","default":true,"description":"False when it touches only a closed domain (no network, no outside services)."}}}}}},"status":{"type":"array","description":"Status items the peer keeps current (status/set).","items":{"type":"object","required":["id","title"],"description":"One status item.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Status id starting with the extension name and a dot (git.branch for git), unique among the status items."},"title":{"type":"string","minLength":1,"description":"Short human title."}}}},"providers":{"type":"array","description":"Providers the peer answers (providers/query): `<host> search`, `<host> diagnostics` and the hub ask every provider of a kind at once.","items":{"type":"object","required":["id","kind","title"],"description":"One provider.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Provider id starting with the extension name and a dot (notes.search for notes), unique among the providers."},"kind":{"type":"string","enum":["search","diagnostics","workspaces","completions"],"description":"What the provider answers: search results, diagnostics, workspaces or completions; the host checks each answer against its kind."},"title":{"type":"string","minLength":1,"description":"Short human title, shown as the heading of its answers."}}}},"views":{"type":"array","description":"Views shown in the hub (home, extension or project page), in the terminal (`<host> views show <id>`) and to agents: rendered by the peer (views/render), or a page of the sidecar when `path` is given.","items":{"type":"object","required":["id","title"],"description":"One view.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"View id starting with the extension name and a dot (notes.recent for notes), unique among the views."},"title":{"type":"string","minLength":1,"description":"Short human title, shown above the view."},"where":{"type":"array","minItems":1,"default":["extension"],"description":"Where the view shows: home (the hub's home page), extension (its extension's page), project (each project's page, rendered for that project).","items":{"type":"string","enum":["home","extension","project"]}},"path":{"type":"string","pattern":"^/(?!/)","examples":["/views/summary?project={projectId}"],"description":"A sidecar view: the path inside the sidecar, shown in a sandboxed frame from the extension's own origin. The only placeholder is {projectId}. Absent: the peer renders the view."}}}},"rpc":{"type":"array","description":"RPC methods the peer registers, callable over every transport and `<host> rpc`.","items":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","examples":["git.getLog"],"description":"Dotted method name starting with the extension name and a dot, e.g. git.getLog for git."}},"events":{"type":"array","description":"Event types the peer publishes (events/publish).","items":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","examples":["git.changed"],"description":"Dotted event type starting with the extension name and a dot, e.g. git.changed for git."}},"listeners":{"type":"array","description":"Event types the peer publishes that automations can start on (events/publish accepts them like contributes.events), each with the wording a generic automation editor shows.","items":{"type":"object","required":["type","label"],"description":"One listener: an event type, its attributes and its editor wording.","properties":{"type":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","examples":["git.dirty"],"description":"Dotted event type starting with the extension name and a dot, e.g. git.dirty for git; unique among the listeners."},"label":{"type":"string","minLength":1,"description":"Short human name of the event, e.g. \"Working tree has changes\"."},"description":{"type":"string","minLength":1,"description":"When the peer publishes it."},"attributes":{"type":"object","description":"JSON Schema of the event's attributes (flat strings, numbers and booleans); automation filters and argument templates name these.","examples":[{"type":"object","properties":{"branch":{"type":"string"},"changes":{"type":"integer"}}}]},"source":{"type":"string","minLength":1,"description":"Editor wording for where the event comes from, e.g. \"Git\"."},"filter":{"type":"string","minLength":1,"description":"Editor wording for narrowing it, e.g. \"on branch {branch}\"."},"starter":{"type":"string","minLength":1,"description":"Editor wording that starts a sentence, e.g. \"When a project's working tree has changes\"."}}}},"automationTemplates":{"type":"array","description":"Ready-made automations users start from (`<host> automations add --template <id>`): a trigger, the action to run and its argument template.","items":{"type":"object","required":["id","title","trigger","action"],"description":"One automation template.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Template id starting with the extension name and a dot (git.note-dirty for git), unique among the templates."},"title":{"type":"string","minLength":1,"description":"Short human title."},"description":{"type":"string","minLength":1,"description":"What automations made from it do."},"trigger":{"type":"object","required":["type"],"description":"The event that starts a run.","properties":{"type":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","description":"Event type: a listener of an enabled extension or an event type of the host."},"filter":{"type":"object","description":"Attribute equality: each key is an attribute, each value a string (* is a wildcard), number or boolean the attribute must match."}}},"action":{"type":"object","required":["id"],"description":"The action to run, through the one action path with its extension's grants.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Action id declared by an enabled extension."},"args":{"type":"object","description":"Arguments; strings may hold {{event.attributes.<name>}}, {{event.type}}, {{event.source}} and {{project.id}}."}}},"mode":{"type":"string","enum":["single","restart","queued","parallel"],"default":"single","description":"What a trigger does while a run is in progress: single (ignored), restart (the run is cancelled), queued or parallel (up to max)."},"guard":{"type":"string","minLength":1,"description":"One line saying when this automation should not be used, shown before it is added."},"setup":{"type":"string","minLength":1,"description":"What the user sets up first (config, a registered project...), shown before it is added."}}}}}},"capabilities":{"type":"object","description":"Capabilities the extension asks for. Nothing is granted until the user approves; every request is checked against the grants.","properties":{"required":{"type":"array","items":{"type":"string","examples":["projects.read","projects.observe","projects.register","events.subscribe","events.publish","rpc.call","ui.status.contribute","ui.action.contribute","ui.notification","storage.private","storage.project","hub.request","automations.manage"]},"description":"Capabilities the extension cannot work without; if one is refused the peer is not activated."},"optional":{"type":"array","items":{"type":"string","examples":["projects.read","projects.observe","projects.register","events.subscribe","events.publish","rpc.call","ui.status.contribute","ui.action.contribute","ui.notification","storage.private","storage.project","hub.request","automations.manage"]},"description":"Capabilities the extension uses when granted and does without otherwise."}}},"permissions":{"type":"object","description":"Host API routes the extension may call through the host, which adds the token.","properties":{"hub":{"type":"array","description":"Hub routes as \"METHOD /path\", e.g. \"GET /api/hub/projects\"; * matches one path segment. Needs the hub.request capability.","items":{"type":"string","pattern":"^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$","examples":["GET /api/hub/projects"],"description":"One route: an HTTP method, a space, a path."}}}},"limits":{"type":"object","description":"Resource limits of the peer and sidecar processes, each applied to every process of the extension. The user may lower them in config (extensions.<name>.limits.<key>), never raise them. Applied with a cgroup of the extension's own where the host can make one, else with rlimits.","properties":{"memoryMb":{"type":"integer","exclusiveMinimum":15,"description":"Resident memory of a process and what it started, in MiB (at least 16). Over it the process is stopped and reported as \"over memory limit\" (not as a crash)."},"cpuPercent":{"type":"integer","exclusiveMinimum":0,"description":"CPU share in percent of one core (50: half a core, 200: two cores). Throttled, never stopped; enforced only with a cgroup."},"openFiles":{"type":"integer","exclusiveMinimum":15,"description":"Open file descriptors per process (RLIMIT_NOFILE), at least 16."},"processes":{"type":"integer","exclusiveMinimum":0,"description":"Processes and threads alive at once (a cgroup's pids.max; without a cgroup, RLIMIT_NPROC, which root ignores)."}}}}};
const pattern0 = new RegExp("^[a-z][a-z0-9-]{0,38}$", "u");
const pattern1 = new RegExp("^[a-z0-9][a-z0-9-]{0,38}$", "u");
const pattern3 = new RegExp("^/", "u");
const pattern4 = new RegExp("^(?:onAction|onRpc|onProvider|onView|onStartup|onEvent:\\S+|onProject:\\S+)$", "u");
const pattern5 = new RegExp("^/(?!/)", "u");
const pattern6 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$", "u");
const pattern11 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$", "u");
const pattern17 = new RegExp("^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$", "u");
import func2Module from "ajv/dist/runtime/ucs2length.js";
const func2 = func2Module.default;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.apiVersion === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "apiVersion"},message:"must have required property '"+"apiVersion"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err2 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.apiVersion !== undefined){
let data1 = data.apiVersion;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err3 = {instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(data1 === 1)){
const err4 = {instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/enum",keyword:"enum",params:{allowedValues: schema11.properties.apiVersion.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]{0,38}$"},message:"must match pattern \""+"^[a-z][a-z0-9-]{0,38}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.publisher !== undefined){
let data3 = data.publisher;
if(typeof data3 === "string"){
if(!pattern1.test(data3)){
const err7 = {instancePath:instancePath+"/publisher",schemaPath:"#/properties/publisher/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]{0,38}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]{0,38}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/publisher",schemaPath:"#/properties/publisher/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.displayName !== undefined){
let data4 = data.displayName;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err9 = {instancePath:instancePath+"/displayName",schemaPath:"#/properties/displayName/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/displayName",schemaPath:"#/properties/displayName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.description !== undefined){
let data5 = data.description;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err11 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.commands !== undefined){
let data6 = data.commands;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.name === undefined){
const err13 = {instancePath:instancePath+"/commands/" + i0,schemaPath:"#/properties/commands/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data7.name !== undefined){
let data8 = data7.name;
if(typeof data8 === "string"){
if(!pattern0.test(data8)){
const err14 = {instancePath:instancePath+"/commands/" + i0+"/name",schemaPath:"#/properties/commands/items/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]{0,38}$"},message:"must match pattern \""+"^[a-z][a-z0-9-]{0,38}$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/commands/" + i0+"/name",schemaPath:"#/properties/commands/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data7.bin !== undefined){
let data9 = data7.bin;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err16 = {instancePath:instancePath+"/commands/" + i0+"/bin",schemaPath:"#/properties/commands/items/properties/bin/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/commands/" + i0+"/bin",schemaPath:"#/properties/commands/items/properties/bin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data7.exec !== undefined){
let data10 = data7.exec;
if(Array.isArray(data10)){
if(data10.length < 1){
const err18 = {instancePath:instancePath+"/commands/" + i0+"/exec",schemaPath:"#/properties/commands/items/properties/exec/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const len1 = data10.length;
for(let i1=0; i1<len1; i1++){
let data11 = data10[i1];
if(typeof data11 === "string"){
if(func2(data11) < 1){
const err19 = {instancePath:instancePath+"/commands/" + i0+"/exec/" + i1,schemaPath:"#/properties/commands/items/properties/exec/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/commands/" + i0+"/exec/" + i1,schemaPath:"#/properties/commands/items/properties/exec/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/commands/" + i0+"/exec",schemaPath:"#/properties/commands/items/properties/exec/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data7.summary !== undefined){
let data12 = data7.summary;
if(typeof data12 === "string"){
if(func2(data12) < 1){
const err22 = {instancePath:instancePath+"/commands/" + i0+"/summary",schemaPath:"#/properties/commands/items/properties/summary/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/commands/" + i0+"/summary",schemaPath:"#/properties/commands/items/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/commands/" + i0,schemaPath:"#/properties/commands/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/commands",schemaPath:"#/properties/commands/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.sidecar !== undefined){
let data13 = data.sidecar;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.bin !== undefined){
let data14 = data13.bin;
if(typeof data14 === "string"){
if(func2(data14) < 1){
const err26 = {instancePath:instancePath+"/sidecar/bin",schemaPath:"#/properties/sidecar/properties/bin/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/sidecar/bin",schemaPath:"#/properties/sidecar/properties/bin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data13.exec !== undefined){
let data15 = data13.exec;
if(Array.isArray(data15)){
if(data15.length < 1){
const err28 = {instancePath:instancePath+"/sidecar/exec",schemaPath:"#/properties/sidecar/properties/exec/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const len2 = data15.length;
for(let i2=0; i2<len2; i2++){
let data16 = data15[i2];
if(typeof data16 === "string"){
if(func2(data16) < 1){
const err29 = {instancePath:instancePath+"/sidecar/exec/" + i2,schemaPath:"#/properties/sidecar/properties/exec/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/sidecar/exec/" + i2,schemaPath:"#/properties/sidecar/properties/exec/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/sidecar/exec",schemaPath:"#/properties/sidecar/properties/exec/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data13.health !== undefined){
let data17 = data13.health;
if(typeof data17 === "string"){
if(!pattern3.test(data17)){
const err32 = {instancePath:instancePath+"/sidecar/health",schemaPath:"#/properties/sidecar/properties/health/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\""};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/sidecar/health",schemaPath:"#/properties/sidecar/properties/health/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data13.idleStopMinutes !== undefined){
let data18 = data13.idleStopMinutes;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 <= 0 || isNaN(data18)){
const err34 = {instancePath:instancePath+"/sidecar/idleStopMinutes",schemaPath:"#/properties/sidecar/properties/idleStopMinutes/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/sidecar/idleStopMinutes",schemaPath:"#/properties/sidecar/properties/idleStopMinutes/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data13.headersTimeoutSeconds !== undefined){
let data19 = data13.headersTimeoutSeconds;
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 <= 0 || isNaN(data19)){
const err36 = {instancePath:instancePath+"/sidecar/headersTimeoutSeconds",schemaPath:"#/properties/sidecar/properties/headersTimeoutSeconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/sidecar/headersTimeoutSeconds",schemaPath:"#/properties/sidecar/properties/headersTimeoutSeconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/sidecar",schemaPath:"#/properties/sidecar/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.peer !== undefined){
let data20 = data.peer;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.bin !== undefined){
let data21 = data20.bin;
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err39 = {instancePath:instancePath+"/peer/bin",schemaPath:"#/properties/peer/properties/bin/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/peer/bin",schemaPath:"#/properties/peer/properties/bin/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data20.exec !== undefined){
let data22 = data20.exec;
if(Array.isArray(data22)){
if(data22.length < 1){
const err41 = {instancePath:instancePath+"/peer/exec",schemaPath:"#/properties/peer/properties/exec/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
const len3 = data22.length;
for(let i3=0; i3<len3; i3++){
let data23 = data22[i3];
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err42 = {instancePath:instancePath+"/peer/exec/" + i3,schemaPath:"#/properties/peer/properties/exec/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/peer/exec/" + i3,schemaPath:"#/properties/peer/properties/exec/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/peer/exec",schemaPath:"#/properties/peer/properties/exec/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data20.activation !== undefined){
let data24 = data20.activation;
if(Array.isArray(data24)){
const len4 = data24.length;
for(let i4=0; i4<len4; i4++){
let data25 = data24[i4];
if(typeof data25 === "string"){
if(!pattern4.test(data25)){
const err45 = {instancePath:instancePath+"/peer/activation/" + i4,schemaPath:"#/properties/peer/properties/activation/items/pattern",keyword:"pattern",params:{pattern: "^(?:onAction|onRpc|onProvider|onView|onStartup|onEvent:\\S+|onProject:\\S+)$"},message:"must match pattern \""+"^(?:onAction|onRpc|onProvider|onView|onStartup|onEvent:\\S+|onProject:\\S+)$"+"\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/peer/activation/" + i4,schemaPath:"#/properties/peer/properties/activation/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/peer/activation",schemaPath:"#/properties/peer/properties/activation/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/peer",schemaPath:"#/properties/peer/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.hub !== undefined){
let data26 = data.hub;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.label === undefined){
const err49 = {instancePath:instancePath+"/hub",schemaPath:"#/properties/hub/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data26.label !== undefined){
let data27 = data26.label;
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err50 = {instancePath:instancePath+"/hub/label",schemaPath:"#/properties/hub/properties/label/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/hub/label",schemaPath:"#/properties/hub/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data26.description !== undefined){
let data28 = data26.description;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err52 = {instancePath:instancePath+"/hub/description",schemaPath:"#/properties/hub/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/hub/description",schemaPath:"#/properties/hub/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath:instancePath+"/hub",schemaPath:"#/properties/hub/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.projectLinks !== undefined){
let data29 = data.projectLinks;
if(Array.isArray(data29)){
const len5 = data29.length;
for(let i5=0; i5<len5; i5++){
let data30 = data29[i5];
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.label === undefined){
const err55 = {instancePath:instancePath+"/projectLinks/" + i5,schemaPath:"#/properties/projectLinks/items/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data30.path === undefined){
const err56 = {instancePath:instancePath+"/projectLinks/" + i5,schemaPath:"#/properties/projectLinks/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data30.label !== undefined){
let data31 = data30.label;
if(typeof data31 === "string"){
if(func2(data31) < 1){
const err57 = {instancePath:instancePath+"/projectLinks/" + i5+"/label",schemaPath:"#/properties/projectLinks/items/properties/label/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/projectLinks/" + i5+"/label",schemaPath:"#/properties/projectLinks/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data30.path !== undefined){
let data32 = data30.path;
if(typeof data32 === "string"){
if(!pattern5.test(data32)){
const err59 = {instancePath:instancePath+"/projectLinks/" + i5+"/path",schemaPath:"#/properties/projectLinks/items/properties/path/pattern",keyword:"pattern",params:{pattern: "^/(?!/)"},message:"must match pattern \""+"^/(?!/)"+"\""};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/projectLinks/" + i5+"/path",schemaPath:"#/properties/projectLinks/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/projectLinks/" + i5,schemaPath:"#/properties/projectLinks/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/projectLinks",schemaPath:"#/properties/projectLinks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data.configSchema !== undefined){
let data33 = data.configSchema;
if(typeof data33 === "string"){
if(func2(data33) < 1){
const err63 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/configSchema",schemaPath:"#/properties/configSchema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.contributes !== undefined){
let data34 = data.contributes;
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.actions !== undefined){
let data35 = data34.actions;
if(Array.isArray(data35)){
const len6 = data35.length;
for(let i6=0; i6<len6; i6++){
let data36 = data35[i6];
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
if(data36.id === undefined){
const err65 = {instancePath:instancePath+"/contributes/actions/" + i6,schemaPath:"#/properties/contributes/properties/actions/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data36.title === undefined){
const err66 = {instancePath:instancePath+"/contributes/actions/" + i6,schemaPath:"#/properties/contributes/properties/actions/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data36.id !== undefined){
let data37 = data36.id;
if(typeof data37 === "string"){
if(!pattern6.test(data37)){
const err67 = {instancePath:instancePath+"/contributes/actions/" + i6+"/id",schemaPath:"#/properties/contributes/properties/actions/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
else {
const err68 = {instancePath:instancePath+"/contributes/actions/" + i6+"/id",schemaPath:"#/properties/contributes/properties/actions/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data36.title !== undefined){
let data38 = data36.title;
if(typeof data38 === "string"){
if(func2(data38) < 1){
const err69 = {instancePath:instancePath+"/contributes/actions/" + i6+"/title",schemaPath:"#/properties/contributes/properties/actions/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
else {
const err70 = {instancePath:instancePath+"/contributes/actions/" + i6+"/title",schemaPath:"#/properties/contributes/properties/actions/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data36.description !== undefined){
let data39 = data36.description;
if(typeof data39 === "string"){
if(func2(data39) < 1){
const err71 = {instancePath:instancePath+"/contributes/actions/" + i6+"/description",schemaPath:"#/properties/contributes/properties/actions/items/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/contributes/actions/" + i6+"/description",schemaPath:"#/properties/contributes/properties/actions/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data36.targets !== undefined){
let data40 = data36.targets;
if(Array.isArray(data40)){
if(data40.length < 1){
const err73 = {instancePath:instancePath+"/contributes/actions/" + i6+"/targets",schemaPath:"#/properties/contributes/properties/actions/items/properties/targets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
const len7 = data40.length;
for(let i7=0; i7<len7; i7++){
let data41 = data40[i7];
if(typeof data41 !== "string"){
const err74 = {instancePath:instancePath+"/contributes/actions/" + i6+"/targets/" + i7,schemaPath:"#/properties/contributes/properties/actions/items/properties/targets/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(!((data41 === "global") || (data41 === "project"))){
const err75 = {instancePath:instancePath+"/contributes/actions/" + i6+"/targets/" + i7,schemaPath:"#/properties/contributes/properties/actions/items/properties/targets/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.contributes.properties.actions.items.properties.targets.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath:instancePath+"/contributes/actions/" + i6+"/targets",schemaPath:"#/properties/contributes/properties/actions/items/properties/targets/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data36.argsSchema !== undefined){
let data42 = data36.argsSchema;
if((!(data42 && typeof data42 == "object" && !Array.isArray(data42))) && (typeof data42 !== "boolean")){
const err77 = {instancePath:instancePath+"/contributes/actions/" + i6+"/argsSchema",schemaPath:"#/properties/contributes/properties/actions/items/properties/argsSchema/type",keyword:"type",params:{type: schema11.properties.contributes.properties.actions.items.properties.argsSchema.type},message:"must be object,boolean"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data36.annotations !== undefined){
let data43 = data36.annotations;
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
if(data43.readOnlyHint !== undefined){
if(typeof data43.readOnlyHint !== "boolean"){
const err78 = {instancePath:instancePath+"/contributes/actions/" + i6+"/annotations/readOnlyHint",schemaPath:"#/properties/contributes/properties/actions/items/properties/annotations/properties/readOnlyHint/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data43.destructiveHint !== undefined){
if(typeof data43.destructiveHint !== "boolean"){
const err79 = {instancePath:instancePath+"/contributes/actions/" + i6+"/annotations/destructiveHint",schemaPath:"#/properties/contributes/properties/actions/items/properties/annotations/properties/destructiveHint/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data43.idempotentHint !== undefined){
if(typeof data43.idempotentHint !== "boolean"){
const err80 = {instancePath:instancePath+"/contributes/actions/" + i6+"/annotations/idempotentHint",schemaPath:"#/properties/contributes/properties/actions/items/properties/annotations/properties/idempotentHint/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data43.openWorldHint !== undefined){
if(typeof data43.openWorldHint !== "boolean"){
const err81 = {instancePath:instancePath+"/contributes/actions/" + i6+"/annotations/openWorldHint",schemaPath:"#/properties/contributes/properties/actions/items/properties/annotations/properties/openWorldHint/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
else {
const err82 = {instancePath:instancePath+"/contributes/actions/" + i6+"/annotations",schemaPath:"#/properties/contributes/properties/actions/items/properties/annotations/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
else {
const err83 = {instancePath:instancePath+"/contributes/actions/" + i6,schemaPath:"#/properties/contributes/properties/actions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
else {
const err84 = {instancePath:instancePath+"/contributes/actions",schemaPath:"#/properties/contributes/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data34.status !== undefined){
let data48 = data34.status;
if(Array.isArray(data48)){
const len8 = data48.length;
for(let i8=0; i8<len8; i8++){
let data49 = data48[i8];
if(data49 && typeof data49 == "object" && !Array.isArray(data49)){
if(data49.id === undefined){
const err85 = {instancePath:instancePath+"/contributes/status/" + i8,schemaPath:"#/properties/contributes/properties/status/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(data49.title === undefined){
const err86 = {instancePath:instancePath+"/contributes/status/" + i8,schemaPath:"#/properties/contributes/properties/status/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if(data49.id !== undefined){
let data50 = data49.id;
if(typeof data50 === "string"){
if(!pattern6.test(data50)){
const err87 = {instancePath:instancePath+"/contributes/status/" + i8+"/id",schemaPath:"#/properties/contributes/properties/status/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/contributes/status/" + i8+"/id",schemaPath:"#/properties/contributes/properties/status/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data49.title !== undefined){
let data51 = data49.title;
if(typeof data51 === "string"){
if(func2(data51) < 1){
const err89 = {instancePath:instancePath+"/contributes/status/" + i8+"/title",schemaPath:"#/properties/contributes/properties/status/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
else {
const err90 = {instancePath:instancePath+"/contributes/status/" + i8+"/title",schemaPath:"#/properties/contributes/properties/status/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
else {
const err91 = {instancePath:instancePath+"/contributes/status/" + i8,schemaPath:"#/properties/contributes/properties/status/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath:instancePath+"/contributes/status",schemaPath:"#/properties/contributes/properties/status/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data34.providers !== undefined){
let data52 = data34.providers;
if(Array.isArray(data52)){
const len9 = data52.length;
for(let i9=0; i9<len9; i9++){
let data53 = data52[i9];
if(data53 && typeof data53 == "object" && !Array.isArray(data53)){
if(data53.id === undefined){
const err93 = {instancePath:instancePath+"/contributes/providers/" + i9,schemaPath:"#/properties/contributes/properties/providers/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(data53.kind === undefined){
const err94 = {instancePath:instancePath+"/contributes/providers/" + i9,schemaPath:"#/properties/contributes/properties/providers/items/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data53.title === undefined){
const err95 = {instancePath:instancePath+"/contributes/providers/" + i9,schemaPath:"#/properties/contributes/properties/providers/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data53.id !== undefined){
let data54 = data53.id;
if(typeof data54 === "string"){
if(!pattern6.test(data54)){
const err96 = {instancePath:instancePath+"/contributes/providers/" + i9+"/id",schemaPath:"#/properties/contributes/properties/providers/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
else {
const err97 = {instancePath:instancePath+"/contributes/providers/" + i9+"/id",schemaPath:"#/properties/contributes/properties/providers/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data53.kind !== undefined){
let data55 = data53.kind;
if(typeof data55 !== "string"){
const err98 = {instancePath:instancePath+"/contributes/providers/" + i9+"/kind",schemaPath:"#/properties/contributes/properties/providers/items/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(!((((data55 === "search") || (data55 === "diagnostics")) || (data55 === "workspaces")) || (data55 === "completions"))){
const err99 = {instancePath:instancePath+"/contributes/providers/" + i9+"/kind",schemaPath:"#/properties/contributes/properties/providers/items/properties/kind/enum",keyword:"enum",params:{allowedValues: schema11.properties.contributes.properties.providers.items.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data53.title !== undefined){
let data56 = data53.title;
if(typeof data56 === "string"){
if(func2(data56) < 1){
const err100 = {instancePath:instancePath+"/contributes/providers/" + i9+"/title",schemaPath:"#/properties/contributes/properties/providers/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/contributes/providers/" + i9+"/title",schemaPath:"#/properties/contributes/properties/providers/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
else {
const err102 = {instancePath:instancePath+"/contributes/providers/" + i9,schemaPath:"#/properties/contributes/properties/providers/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/contributes/providers",schemaPath:"#/properties/contributes/properties/providers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data34.views !== undefined){
let data57 = data34.views;
if(Array.isArray(data57)){
const len10 = data57.length;
for(let i10=0; i10<len10; i10++){
let data58 = data57[i10];
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
if(data58.id === undefined){
const err104 = {instancePath:instancePath+"/contributes/views/" + i10,schemaPath:"#/properties/contributes/properties/views/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
if(data58.title === undefined){
const err105 = {instancePath:instancePath+"/contributes/views/" + i10,schemaPath:"#/properties/contributes/properties/views/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
if(data58.id !== undefined){
let data59 = data58.id;
if(typeof data59 === "string"){
if(!pattern6.test(data59)){
const err106 = {instancePath:instancePath+"/contributes/views/" + i10+"/id",schemaPath:"#/properties/contributes/properties/views/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
else {
const err107 = {instancePath:instancePath+"/contributes/views/" + i10+"/id",schemaPath:"#/properties/contributes/properties/views/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
if(data58.title !== undefined){
let data60 = data58.title;
if(typeof data60 === "string"){
if(func2(data60) < 1){
const err108 = {instancePath:instancePath+"/contributes/views/" + i10+"/title",schemaPath:"#/properties/contributes/properties/views/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
else {
const err109 = {instancePath:instancePath+"/contributes/views/" + i10+"/title",schemaPath:"#/properties/contributes/properties/views/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data58.where !== undefined){
let data61 = data58.where;
if(Array.isArray(data61)){
if(data61.length < 1){
const err110 = {instancePath:instancePath+"/contributes/views/" + i10+"/where",schemaPath:"#/properties/contributes/properties/views/items/properties/where/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
const len11 = data61.length;
for(let i11=0; i11<len11; i11++){
let data62 = data61[i11];
if(typeof data62 !== "string"){
const err111 = {instancePath:instancePath+"/contributes/views/" + i10+"/where/" + i11,schemaPath:"#/properties/contributes/properties/views/items/properties/where/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if(!(((data62 === "home") || (data62 === "extension")) || (data62 === "project"))){
const err112 = {instancePath:instancePath+"/contributes/views/" + i10+"/where/" + i11,schemaPath:"#/properties/contributes/properties/views/items/properties/where/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.contributes.properties.views.items.properties.where.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
}
else {
const err113 = {instancePath:instancePath+"/contributes/views/" + i10+"/where",schemaPath:"#/properties/contributes/properties/views/items/properties/where/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data58.path !== undefined){
let data63 = data58.path;
if(typeof data63 === "string"){
if(!pattern5.test(data63)){
const err114 = {instancePath:instancePath+"/contributes/views/" + i10+"/path",schemaPath:"#/properties/contributes/properties/views/items/properties/path/pattern",keyword:"pattern",params:{pattern: "^/(?!/)"},message:"must match pattern \""+"^/(?!/)"+"\""};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
else {
const err115 = {instancePath:instancePath+"/contributes/views/" + i10+"/path",schemaPath:"#/properties/contributes/properties/views/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
}
else {
const err116 = {instancePath:instancePath+"/contributes/views/" + i10,schemaPath:"#/properties/contributes/properties/views/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
}
else {
const err117 = {instancePath:instancePath+"/contributes/views",schemaPath:"#/properties/contributes/properties/views/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data34.rpc !== undefined){
let data64 = data34.rpc;
if(Array.isArray(data64)){
const len12 = data64.length;
for(let i12=0; i12<len12; i12++){
let data65 = data64[i12];
if(typeof data65 === "string"){
if(!pattern11.test(data65)){
const err118 = {instancePath:instancePath+"/contributes/rpc/" + i12,schemaPath:"#/properties/contributes/properties/rpc/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
else {
const err119 = {instancePath:instancePath+"/contributes/rpc/" + i12,schemaPath:"#/properties/contributes/properties/rpc/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
}
else {
const err120 = {instancePath:instancePath+"/contributes/rpc",schemaPath:"#/properties/contributes/properties/rpc/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
if(data34.events !== undefined){
let data66 = data34.events;
if(Array.isArray(data66)){
const len13 = data66.length;
for(let i13=0; i13<len13; i13++){
let data67 = data66[i13];
if(typeof data67 === "string"){
if(!pattern11.test(data67)){
const err121 = {instancePath:instancePath+"/contributes/events/" + i13,schemaPath:"#/properties/contributes/properties/events/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
else {
const err122 = {instancePath:instancePath+"/contributes/events/" + i13,schemaPath:"#/properties/contributes/properties/events/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
}
else {
const err123 = {instancePath:instancePath+"/contributes/events",schemaPath:"#/properties/contributes/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data34.listeners !== undefined){
let data68 = data34.listeners;
if(Array.isArray(data68)){
const len14 = data68.length;
for(let i14=0; i14<len14; i14++){
let data69 = data68[i14];
if(data69 && typeof data69 == "object" && !Array.isArray(data69)){
if(data69.type === undefined){
const err124 = {instancePath:instancePath+"/contributes/listeners/" + i14,schemaPath:"#/properties/contributes/properties/listeners/items/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
if(data69.label === undefined){
const err125 = {instancePath:instancePath+"/contributes/listeners/" + i14,schemaPath:"#/properties/contributes/properties/listeners/items/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
if(data69.type !== undefined){
let data70 = data69.type;
if(typeof data70 === "string"){
if(!pattern11.test(data70)){
const err126 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/type",schemaPath:"#/properties/contributes/properties/listeners/items/properties/type/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
else {
const err127 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/type",schemaPath:"#/properties/contributes/properties/listeners/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data69.label !== undefined){
let data71 = data69.label;
if(typeof data71 === "string"){
if(func2(data71) < 1){
const err128 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/label",schemaPath:"#/properties/contributes/properties/listeners/items/properties/label/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
else {
const err129 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/label",schemaPath:"#/properties/contributes/properties/listeners/items/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
if(data69.description !== undefined){
let data72 = data69.description;
if(typeof data72 === "string"){
if(func2(data72) < 1){
const err130 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/description",schemaPath:"#/properties/contributes/properties/listeners/items/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
else {
const err131 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/description",schemaPath:"#/properties/contributes/properties/listeners/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
if(data69.attributes !== undefined){
let data73 = data69.attributes;
if(!(data73 && typeof data73 == "object" && !Array.isArray(data73))){
const err132 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/attributes",schemaPath:"#/properties/contributes/properties/listeners/items/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
if(data69.source !== undefined){
let data74 = data69.source;
if(typeof data74 === "string"){
if(func2(data74) < 1){
const err133 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/source",schemaPath:"#/properties/contributes/properties/listeners/items/properties/source/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
else {
const err134 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/source",schemaPath:"#/properties/contributes/properties/listeners/items/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
if(data69.filter !== undefined){
let data75 = data69.filter;
if(typeof data75 === "string"){
if(func2(data75) < 1){
const err135 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/filter",schemaPath:"#/properties/contributes/properties/listeners/items/properties/filter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
else {
const err136 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/filter",schemaPath:"#/properties/contributes/properties/listeners/items/properties/filter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
if(data69.starter !== undefined){
let data76 = data69.starter;
if(typeof data76 === "string"){
if(func2(data76) < 1){
const err137 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/starter",schemaPath:"#/properties/contributes/properties/listeners/items/properties/starter/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
else {
const err138 = {instancePath:instancePath+"/contributes/listeners/" + i14+"/starter",schemaPath:"#/properties/contributes/properties/listeners/items/properties/starter/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
}
else {
const err139 = {instancePath:instancePath+"/contributes/listeners/" + i14,schemaPath:"#/properties/contributes/properties/listeners/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
}
else {
const err140 = {instancePath:instancePath+"/contributes/listeners",schemaPath:"#/properties/contributes/properties/listeners/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
}
if(data34.automationTemplates !== undefined){
let data77 = data34.automationTemplates;
if(Array.isArray(data77)){
const len15 = data77.length;
for(let i15=0; i15<len15; i15++){
let data78 = data77[i15];
if(data78 && typeof data78 == "object" && !Array.isArray(data78)){
if(data78.id === undefined){
const err141 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15,schemaPath:"#/properties/contributes/properties/automationTemplates/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
if(data78.title === undefined){
const err142 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15,schemaPath:"#/properties/contributes/properties/automationTemplates/items/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if(data78.trigger === undefined){
const err143 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15,schemaPath:"#/properties/contributes/properties/automationTemplates/items/required",keyword:"required",params:{missingProperty: "trigger"},message:"must have required property '"+"trigger"+"'"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
if(data78.action === undefined){
const err144 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15,schemaPath:"#/properties/contributes/properties/automationTemplates/items/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
if(data78.id !== undefined){
let data79 = data78.id;
if(typeof data79 === "string"){
if(!pattern6.test(data79)){
const err145 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/id",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
else {
const err146 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/id",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
}
if(data78.title !== undefined){
let data80 = data78.title;
if(typeof data80 === "string"){
if(func2(data80) < 1){
const err147 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/title",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
else {
const err148 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/title",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
if(data78.description !== undefined){
let data81 = data78.description;
if(typeof data81 === "string"){
if(func2(data81) < 1){
const err149 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/description",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
else {
const err150 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/description",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
if(data78.trigger !== undefined){
let data82 = data78.trigger;
if(data82 && typeof data82 == "object" && !Array.isArray(data82)){
if(data82.type === undefined){
const err151 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/trigger",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/trigger/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
if(data82.type !== undefined){
let data83 = data82.type;
if(typeof data83 === "string"){
if(!pattern11.test(data83)){
const err152 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/trigger/type",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/trigger/properties/type/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
else {
const err153 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/trigger/type",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/trigger/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
if(data82.filter !== undefined){
let data84 = data82.filter;
if(!(data84 && typeof data84 == "object" && !Array.isArray(data84))){
const err154 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/trigger/filter",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/trigger/properties/filter/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
}
else {
const err155 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/trigger",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/trigger/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
if(data78.action !== undefined){
let data85 = data78.action;
if(data85 && typeof data85 == "object" && !Array.isArray(data85)){
if(data85.id === undefined){
const err156 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/action",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/action/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
if(data85.id !== undefined){
let data86 = data85.id;
if(typeof data86 === "string"){
if(!pattern6.test(data86)){
const err157 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/action/id",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/action/properties/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$"+"\""};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
}
else {
const err158 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/action/id",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/action/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
}
if(data85.args !== undefined){
let data87 = data85.args;
if(!(data87 && typeof data87 == "object" && !Array.isArray(data87))){
const err159 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/action/args",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/action/properties/args/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
}
else {
const err160 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/action",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/action/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
}
if(data78.mode !== undefined){
let data88 = data78.mode;
if(typeof data88 !== "string"){
const err161 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/mode",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
if(!((((data88 === "single") || (data88 === "restart")) || (data88 === "queued")) || (data88 === "parallel"))){
const err162 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/mode",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/mode/enum",keyword:"enum",params:{allowedValues: schema11.properties.contributes.properties.automationTemplates.items.properties.mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
if(data78.guard !== undefined){
let data89 = data78.guard;
if(typeof data89 === "string"){
if(func2(data89) < 1){
const err163 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/guard",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/guard/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
else {
const err164 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/guard",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/guard/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
}
if(data78.setup !== undefined){
let data90 = data78.setup;
if(typeof data90 === "string"){
if(func2(data90) < 1){
const err165 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/setup",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/setup/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
}
else {
const err166 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15+"/setup",schemaPath:"#/properties/contributes/properties/automationTemplates/items/properties/setup/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
}
else {
const err167 = {instancePath:instancePath+"/contributes/automationTemplates/" + i15,schemaPath:"#/properties/contributes/properties/automationTemplates/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
}
}
else {
const err168 = {instancePath:instancePath+"/contributes/automationTemplates",schemaPath:"#/properties/contributes/properties/automationTemplates/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
}
}
else {
const err169 = {instancePath:instancePath+"/contributes",schemaPath:"#/properties/contributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
}
if(data.capabilities !== undefined){
let data91 = data.capabilities;
if(data91 && typeof data91 == "object" && !Array.isArray(data91)){
if(data91.required !== undefined){
let data92 = data91.required;
if(Array.isArray(data92)){
const len16 = data92.length;
for(let i16=0; i16<len16; i16++){
if(typeof data92[i16] !== "string"){
const err170 = {instancePath:instancePath+"/capabilities/required/" + i16,schemaPath:"#/properties/capabilities/properties/required/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
}
}
else {
const err171 = {instancePath:instancePath+"/capabilities/required",schemaPath:"#/properties/capabilities/properties/required/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
if(data91.optional !== undefined){
let data94 = data91.optional;
if(Array.isArray(data94)){
const len17 = data94.length;
for(let i17=0; i17<len17; i17++){
if(typeof data94[i17] !== "string"){
const err172 = {instancePath:instancePath+"/capabilities/optional/" + i17,schemaPath:"#/properties/capabilities/properties/optional/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
}
}
else {
const err173 = {instancePath:instancePath+"/capabilities/optional",schemaPath:"#/properties/capabilities/properties/optional/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
}
}
else {
const err174 = {instancePath:instancePath+"/capabilities",schemaPath:"#/properties/capabilities/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
}
if(data.permissions !== undefined){
let data96 = data.permissions;
if(data96 && typeof data96 == "object" && !Array.isArray(data96)){
if(data96.hub !== undefined){
let data97 = data96.hub;
if(Array.isArray(data97)){
const len18 = data97.length;
for(let i18=0; i18<len18; i18++){
let data98 = data97[i18];
if(typeof data98 === "string"){
if(!pattern17.test(data98)){
const err175 = {instancePath:instancePath+"/permissions/hub/" + i18,schemaPath:"#/properties/permissions/properties/hub/items/pattern",keyword:"pattern",params:{pattern: "^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$"},message:"must match pattern \""+"^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$"+"\""};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
}
else {
const err176 = {instancePath:instancePath+"/permissions/hub/" + i18,schemaPath:"#/properties/permissions/properties/hub/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
}
}
else {
const err177 = {instancePath:instancePath+"/permissions/hub",schemaPath:"#/properties/permissions/properties/hub/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
}
}
}
else {
const err178 = {instancePath:instancePath+"/permissions",schemaPath:"#/properties/permissions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
}
if(data.limits !== undefined){
let data99 = data.limits;
if(data99 && typeof data99 == "object" && !Array.isArray(data99)){
if(data99.memoryMb !== undefined){
let data100 = data99.memoryMb;
if(!(((typeof data100 == "number") && (!(data100 % 1) && !isNaN(data100))) && (isFinite(data100)))){
const err179 = {instancePath:instancePath+"/limits/memoryMb",schemaPath:"#/properties/limits/properties/memoryMb/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
if((typeof data100 == "number") && (isFinite(data100))){
if(data100 <= 15 || isNaN(data100)){
const err180 = {instancePath:instancePath+"/limits/memoryMb",schemaPath:"#/properties/limits/properties/memoryMb/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 15},message:"must be > 15"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
}
}
if(data99.cpuPercent !== undefined){
let data101 = data99.cpuPercent;
if(!(((typeof data101 == "number") && (!(data101 % 1) && !isNaN(data101))) && (isFinite(data101)))){
const err181 = {instancePath:instancePath+"/limits/cpuPercent",schemaPath:"#/properties/limits/properties/cpuPercent/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
}
if((typeof data101 == "number") && (isFinite(data101))){
if(data101 <= 0 || isNaN(data101)){
const err182 = {instancePath:instancePath+"/limits/cpuPercent",schemaPath:"#/properties/limits/properties/cpuPercent/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
}
}
if(data99.openFiles !== undefined){
let data102 = data99.openFiles;
if(!(((typeof data102 == "number") && (!(data102 % 1) && !isNaN(data102))) && (isFinite(data102)))){
const err183 = {instancePath:instancePath+"/limits/openFiles",schemaPath:"#/properties/limits/properties/openFiles/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
if((typeof data102 == "number") && (isFinite(data102))){
if(data102 <= 15 || isNaN(data102)){
const err184 = {instancePath:instancePath+"/limits/openFiles",schemaPath:"#/properties/limits/properties/openFiles/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 15},message:"must be > 15"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
}
}
if(data99.processes !== undefined){
let data103 = data99.processes;
if(!(((typeof data103 == "number") && (!(data103 % 1) && !isNaN(data103))) && (isFinite(data103)))){
const err185 = {instancePath:instancePath+"/limits/processes",schemaPath:"#/properties/limits/properties/processes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
}
if((typeof data103 == "number") && (isFinite(data103))){
if(data103 <= 0 || isNaN(data103)){
const err186 = {instancePath:instancePath+"/limits/processes",schemaPath:"#/properties/limits/properties/processes/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
}
}
}
else {
const err187 = {instancePath:instancePath+"/limits",schemaPath:"#/properties/limits/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
}
}
else {
const err188 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

