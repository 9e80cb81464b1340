/**
 * The environment a desktop host starts Lectern with. The test harness quiets request logs to
 * keep suites fast; benchmarks put them back so the figures include what production pays.
 */
export const productionEnv: Record<string, string> = { LECTERN_LOG_LEVEL: 'info' };
