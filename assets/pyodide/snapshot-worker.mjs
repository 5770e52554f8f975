// Makes this build's Python snapshot (start.mjs) away from the page, then reports "made", "kept" or
// "failed: …" to boot.js, which ends this worker.
import { make } from "./start.mjs";

make().then((done) => postMessage(done), (e) => postMessage("failed: " + e));
