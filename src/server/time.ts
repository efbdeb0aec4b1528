/** Now, as every stored time is written: an ISO-8601 string in UTC. */
export const nowIso = () => new Date().toISOString();
