// Preloaded into a server process by tests (NODE_OPTIONS=--require): prints `module loaded: NAME` the first time the
// process requires one of the packages named in REPORT_MODULES (comma-separated), so a test can tell when, and
// whether, the server loaded it.
const Module = require('node:module');

const watched = new Set((process.env.REPORT_MODULES ?? '').split(',').filter(Boolean));
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (watched.delete(request)) process.stdout.write(`module loaded: ${request}\n`);
  return load.call(this, request, parent, isMain);
};
