// `npm start`: builds what is missing and serves app + API. Until the sync server lands it says so.
console.log('自由现金流估值平台: the sync server is not built yet (engine only). `npm test` runs the engine suites.');
