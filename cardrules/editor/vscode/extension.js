// The client: starts `cardrules lsp` (or the command set in `cardrules.server.command`) over
// standard input and output for every `.rules` file; the server does the rest.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("cardrules").get("server.command");
  client = new LanguageClient(
    "cardrules",
    "cardrules",
    { run: { command, args }, debug: { command, args } },
    { documentSelector: [{ scheme: "file", language: "cardrules" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
