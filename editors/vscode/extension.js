// Starts the xqformats language server (`xqformats lsp`, on stdio) for xiangqi PGN documents.
// The command is the setting `xqformats.server.command` (default: ["xqformats", "lsp"]).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const configured = vscode.workspace.getConfiguration("xqformats").get("server.command");
  const [command, ...args] = configured && configured.length ? configured : ["xqformats", "lsp"];
  const serverOptions = { command, args };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "xiangqi-pgn" },
      { scheme: "untitled", language: "xiangqi-pgn" },
    ],
  };
  client = new LanguageClient("xqformats", "xqformats", serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `xqformats: cannot start \`${[command, ...args].join(" ")}\` (${error.message}); ` +
        "install it with: pip install 'xqformats[lsp]'"
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
