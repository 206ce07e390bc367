// The clusterc extension: starts `clusterc lsp` (the path is the `clusterc.path` setting) and
// connects VS Code's language client to it over stdio.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('clusterc');
  const command = config.get('path') || 'clusterc';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient('clusterc', 'clusterc', { run: server, debug: server }, {
    documentSelector: [{ scheme: 'file', language: 'clusterc' }],
    initializationOptions: { inlayHints: config.get('inlayHints') },
    // Sends `clusterc.*` settings (inlayHints) to the server when they change.
    synchronize: { configurationSection: 'clusterc' },
  });
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('clusterc.path')) {
        vscode.window.showInformationMessage('clusterc: reload the window to use the new path');
      }
    }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
