// @ts-nocheck
// GENERATED from src/schema/extension-manifest-v1.ts by tests/generated-sources.ts. Do not edit; regenerate with:
// npx tsc -b packages/manifest && UPDATE_GENERATED=1 node --test packages/manifest/dist/tests/schema-generated-files.test.js && npx tsc -b packages/manifest
// Ajv standalone code (as fastify precompiles its config validator): validation loads no Ajv and compiles nothing.
"use strict";
export const validate = validate10;
export default validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Extension manifest, apiVersion 1","description":"The extension block of an npm package.json (<host>.extension). The host reads it without running package code; nothing in it runs before the user approves the extension. Unknown fields are ignored.","type":"object","required":["apiVersion","name"],"properties":{"$schema":{"type":"string","description":"URL or path of this JSON Schema, for editor completion. Ignored by the host."},"apiVersion":{"type":"integer","enum":[1],"description":"Contract version the manifest is written for. A version the host does not support makes the extension incompatible: listed with the reason, never run."},"name":{"type":"string","pattern":"^[a-z][a-z0-9-]{0,38}$","description":"Extension slug (^[a-z][a-z0-9-]{0,38}$): its mount /x/<name>/, state folder, config section extensions.<name> and approval use it. Not a built-in command, alias or reserved word (ext, x, hub, extensions, paths, api, config, help, version)."},"publisher":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]{0,38}$","description":"Publisher slug (^[a-z0-9][a-z0-9-]{0,38}$). The identity shown to users is publisher.name."},"displayName":{"type":"string","minLength":1,"description":"Human name shown in lists, the approval prompt and the hub."},"description":{"type":"string","minLength":1,"description":"One line saying what the extension does."},"commands":{"type":"array","description":"CLI commands: each becomes `<host> <name> ...args`. Built-in commands always win.","items":{"type":"object","required":["name"],"description":"One CLI command, run with stdio inherited and the remaining arguments.","properties":{"name":{"type":"string","pattern":"^[a-z][a-z0-9-]{0,38}$","description":"Command name (^[a-z][a-z0-9-]{0,38}$), unique in the manifest; not a built-in command, alias or reserved word."},"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the command with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the command without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"summary":{"type":"string","minLength":1,"description":"One line shown under the Extensions heading of `<host> --help`."}}}},"sidecar":{"type":"object","description":"Web server the hub starts on the first request to /x/<name>/ (on an ephemeral loopback port given as PORT) and stops when idle.","properties":{"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the sidecar with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the sidecar without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"health":{"type":"string","pattern":"^/","default":"/","description":"Path the hub polls until it answers 200 before forwarding the first request."},"idleStopMinutes":{"type":"number","exclusiveMinimum":0,"default":15,"description":"Minutes without a request or an open WebSocket after which the hub stops the sidecar."},"headersTimeoutSeconds":{"type":"number","exclusiveMinimum":0,"default":30,"description":"Seconds a request waits for the sidecar's response headers before the hub answers 504 naming its log. A body that has started is never cut."}}},"peer":{"type":"object","description":"Long-lived JSON-RPC 2.0 peer on stdin/stdout (NDJSON) that contributes actions, status items, RPC methods and events.","properties":{"bin":{"type":"string","minLength":1,"description":"Package-relative .js, .mjs or .cjs file that runs the peer with the host's own Node (no shebang or run bit needed). Give exactly one of bin and exec.","examples":["bin/cli.js"]},"exec":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"Argv array that runs the peer without a shell. A bare first element is looked up on PATH; an element starting with ./ is a file inside the package, passed as an absolute path. Give exactly one of bin and exec.","examples":[["python3","./peer/main.py"]]},"activation":{"type":"array","description":"When the host starts the peer (default: onAction, onRpc and onProvider, lazily).","items":{"type":"string","pattern":"^(?:onAction|onRpc|onProvider|onStartup|onEvent:\\S+|onProject:\\S+)$","examples":["onAction","onRpc","onProvider","onStartup","onEvent:project.*","onProject:package.json"],"description":"onAction, onRpc, onProvider, onStartup, onEvent:<event type glob> or onProject:<marker file glob>."}}}},"hub":{"type":"object","required":["label"],"description":"Card on the hub home, linking to the sidecar at /x/<name>/.","properties":{"label":{"type":"string","minLength":1,"description":"Card title."},"description":{"type":"string","minLength":1,"description":"One line under the card title."}}},"projectLinks":{"type":"array","description":"Links shown on each project's page, resolved by the hub to /x/<name>/<path>.","items":{"type":"object","required":["label","path"],"description":"One link.","properties":{"label":{"type":"string","minLength":1,"description":"Link text."},"path":{"type":"string","pattern":"^/(?!/)","examples":["/project/{projectId}"],"description":"Path inside the sidecar, starting with /. The only placeholders are {projectId} and {repoRoot}."}}}},"configSchema":{"type":"string","minLength":1,"examples":["schema/config.json"],"description":"Package-relative .json file holding the JSON Schema of the extension's config section (extensions.<name>)."},"contributes":{"type":"object","description":"Everything the peer may register at runtime; a registration not declared here is refused.","properties":{"actions":{"type":"array","description":"Actions the peer handles (actions/invoke), listed by `<host> actions list` and offered to agents.","items":{"type":"object","required":["id","title"],"description":"One action.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Action id starting with the extension name and a dot (git.log for git), unique among the actions."},"title":{"type":"string","minLength":1,"description":"Short human title."},"description":{"type":"string","minLength":1,"description":"What the action does, for users and agents."},"targets":{"type":"array","minItems":1,"default":["global"],"description":"Contexts the action applies to: global (no project) and/or project (run with --project <id>).","items":{"type":"string","enum":["global","project"]}},"argsSchema":{"type":["object","boolean"],"description":"JSON Schema of the action's arguments (--args JSON); the host checks arguments against it."},"annotations":{"type":"object","description":"Hints for agents, with MCP's tool annotation names; absent means MCP's defaults (not read-only, destructive, not idempotent, open world). Only read-only actions are offered to agents unless the user allows more (`<host> extensions enable <name> --agents`).","properties":{"readOnlyHint":{"type":"boolean","default":false,"description":"True when the action changes nothing (agents get it by default)."},"destructiveHint":{"type":"boolean","default":true,"description":"False when the changes it makes only add (never delete or overwrite); meaningful when readOnlyHint is false."},"idempotentHint":{"type":"boolean","default":false,"description":"True when running it again with the same arguments has no further effect."},"openWorldHint":{"type":"boolean","default":true,"description":"False when it touches only a closed domain (no network, no outside services)."}}}}}},"status":{"type":"array","description":"Status items the peer keeps current (status/set).","items":{"type":"object","required":["id","title"],"description":"One status item.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Status id starting with the extension name and a dot (git.branch for git), unique among the status items."},"title":{"type":"string","minLength":1,"description":"Short human title."}}}},"providers":{"type":"array","description":"Providers the peer answers (providers/query): `<host> search`, `<host> diagnostics` and the hub ask every provider of a kind at once.","items":{"type":"object","required":["id","kind","title"],"description":"One provider.","properties":{"id":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$","description":"Provider id starting with the extension name and a dot (notes.search for notes), unique among the providers."},"kind":{"type":"string","enum":["search","diagnostics","workspaces","completions"],"description":"What the provider answers: search results, diagnostics, workspaces or completions; the host checks each answer against its kind."},"title":{"type":"string","minLength":1,"description":"Short human title, shown as the heading of its answers."}}}},"rpc":{"type":"array","description":"RPC methods the peer registers, callable over every transport and `<host> rpc`.","items":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","examples":["git.getLog"],"description":"Dotted method name starting with the extension name and a dot, e.g. git.getLog for git."}},"events":{"type":"array","description":"Event types the peer publishes (events/publish).","items":{"type":"string","pattern":"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$","examples":["git.changed"],"description":"Dotted event type starting with the extension name and a dot, e.g. git.changed for git."}}}},"capabilities":{"type":"object","description":"Capabilities the extension asks for. Nothing is granted until the user approves; every request is checked against the grants.","properties":{"required":{"type":"array","items":{"type":"string","examples":["projects.read","projects.observe","projects.register","events.subscribe","events.publish","rpc.call","ui.status.contribute","ui.action.contribute","ui.notification","storage.private","storage.project","hub.request"]},"description":"Capabilities the extension cannot work without; if one is refused the peer is not activated."},"optional":{"type":"array","items":{"type":"string","examples":["projects.read","projects.observe","projects.register","events.subscribe","events.publish","rpc.call","ui.status.contribute","ui.action.contribute","ui.notification","storage.private","storage.project","hub.request"]},"description":"Capabilities the extension uses when granted and does without otherwise."}}},"permissions":{"type":"object","description":"Host API routes the extension may call through the host, which adds the token.","properties":{"hub":{"type":"array","description":"Hub routes as \"METHOD /path\", e.g. \"GET /api/hub/projects\"; * matches one path segment. Needs the hub.request capability.","items":{"type":"string","pattern":"^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$","examples":["GET /api/hub/projects"],"description":"One route: an HTTP method, a space, a path."}}}}}};
const pattern0 = new RegExp("^[a-z][a-z0-9-]{0,38}$", "u");
const pattern1 = new RegExp("^[a-z0-9][a-z0-9-]{0,38}$", "u");
const pattern3 = new RegExp("^/", "u");
const pattern4 = new RegExp("^(?:onAction|onRpc|onProvider|onStartup|onEvent:\\S+|onProject:\\S+)$", "u");
const pattern5 = new RegExp("^/(?!/)", "u");
const pattern6 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)*$", "u");
const pattern9 = new RegExp("^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$", "u");
const pattern11 = new RegExp("^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$", "u");
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
const err45 = {instancePath:instancePath+"/peer/activation/" + i4,schemaPath:"#/properties/peer/properties/activation/items/pattern",keyword:"pattern",params:{pattern: "^(?:onAction|onRpc|onProvider|onStartup|onEvent:\\S+|onProject:\\S+)$"},message:"must match pattern \""+"^(?:onAction|onRpc|onProvider|onStartup|onEvent:\\S+|onProject:\\S+)$"+"\""};
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
if(data34.rpc !== undefined){
let data57 = data34.rpc;
if(Array.isArray(data57)){
const len10 = data57.length;
for(let i10=0; i10<len10; i10++){
let data58 = data57[i10];
if(typeof data58 === "string"){
if(!pattern9.test(data58)){
const err104 = {instancePath:instancePath+"/contributes/rpc/" + i10,schemaPath:"#/properties/contributes/properties/rpc/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
else {
const err105 = {instancePath:instancePath+"/contributes/rpc/" + i10,schemaPath:"#/properties/contributes/properties/rpc/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
else {
const err106 = {instancePath:instancePath+"/contributes/rpc",schemaPath:"#/properties/contributes/properties/rpc/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data34.events !== undefined){
let data59 = data34.events;
if(Array.isArray(data59)){
const len11 = data59.length;
for(let i11=0; i11<len11; i11++){
let data60 = data59[i11];
if(typeof data60 === "string"){
if(!pattern9.test(data60)){
const err107 = {instancePath:instancePath+"/contributes/events/" + i11,schemaPath:"#/properties/contributes/properties/events/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"},message:"must match pattern \""+"^[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)+$"+"\""};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/contributes/events/" + i11,schemaPath:"#/properties/contributes/properties/events/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
else {
const err109 = {instancePath:instancePath+"/contributes/events",schemaPath:"#/properties/contributes/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
}
else {
const err110 = {instancePath:instancePath+"/contributes",schemaPath:"#/properties/contributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
if(data.capabilities !== undefined){
let data61 = data.capabilities;
if(data61 && typeof data61 == "object" && !Array.isArray(data61)){
if(data61.required !== undefined){
let data62 = data61.required;
if(Array.isArray(data62)){
const len12 = data62.length;
for(let i12=0; i12<len12; i12++){
if(typeof data62[i12] !== "string"){
const err111 = {instancePath:instancePath+"/capabilities/required/" + i12,schemaPath:"#/properties/capabilities/properties/required/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
else {
const err112 = {instancePath:instancePath+"/capabilities/required",schemaPath:"#/properties/capabilities/properties/required/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data61.optional !== undefined){
let data64 = data61.optional;
if(Array.isArray(data64)){
const len13 = data64.length;
for(let i13=0; i13<len13; i13++){
if(typeof data64[i13] !== "string"){
const err113 = {instancePath:instancePath+"/capabilities/optional/" + i13,schemaPath:"#/properties/capabilities/properties/optional/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
else {
const err114 = {instancePath:instancePath+"/capabilities/optional",schemaPath:"#/properties/capabilities/properties/optional/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
else {
const err115 = {instancePath:instancePath+"/capabilities",schemaPath:"#/properties/capabilities/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
if(data.permissions !== undefined){
let data66 = data.permissions;
if(data66 && typeof data66 == "object" && !Array.isArray(data66)){
if(data66.hub !== undefined){
let data67 = data66.hub;
if(Array.isArray(data67)){
const len14 = data67.length;
for(let i14=0; i14<len14; i14++){
let data68 = data67[i14];
if(typeof data68 === "string"){
if(!pattern11.test(data68)){
const err116 = {instancePath:instancePath+"/permissions/hub/" + i14,schemaPath:"#/properties/permissions/properties/hub/items/pattern",keyword:"pattern",params:{pattern: "^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$"},message:"must match pattern \""+"^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) /\\S*$"+"\""};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
else {
const err117 = {instancePath:instancePath+"/permissions/hub/" + i14,schemaPath:"#/properties/permissions/properties/hub/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
}
else {
const err118 = {instancePath:instancePath+"/permissions/hub",schemaPath:"#/properties/permissions/properties/hub/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
}
else {
const err119 = {instancePath:instancePath+"/permissions",schemaPath:"#/properties/permissions/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err120 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

