// Loaded into the load generator's process first (`node --import`, bench/load.ts). autocannon
// appends every answer's body to a string (`body += chunk`), decoding it as UTF-8, to compare it with
// `expectBody` or hand it to `verifyBody`; the bench uses neither. Decoding Chinese text is slow: a
// 12 KB News/Query answer took the generator's whole core, so that scenario measured the generator,
// not the server (decision 0063). The body is still counted in bytes; only its decoded copy goes.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const queue = require(path.join(path.dirname(require.resolve('autocannon/package.json')), 'lib/pipelinedRequestsQueue.js'));
if (typeof queue !== 'function' || typeof queue.prototype.addBody !== 'function') {
  throw new Error('bench: autocannon no longer keeps bodies in PipelinedRequestsQueue#addBody; update bench/unread-bodies.mjs');
}
queue.prototype.addBody = function addBody() {};
