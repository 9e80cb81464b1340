/**
 * The filters a template output may name (`{{name | trim | upper}}`), by the names of the
 * Nexa template reference. The compiler refuses any other name (E801); the renderer's table
 * (runtime/core/template-filters.ts) is typed by this list, so the two cannot drift apart.
 */
export const TEMPLATE_FILTER_NAMES = [
  'upper', 'lower', 'capitalize', 'trim', 'truncate', 'replace', 'escape', 'raw', 'safe', 'default',
  'length', 'first', 'last', 'reverse', 'join', 'slice', 'json', 'number', 'url_encode', 'strip_tags',
  'word_count', 'line_count', 'indent', 'date', 'sort', 'unique', 'abs', 'ceil', 'floor',
] as const;

export type TemplateFilterName = (typeof TEMPLATE_FILTER_NAMES)[number];

const FILTER_NAMES: ReadonlySet<string> = new Set(TEMPLATE_FILTER_NAMES);

export function isTemplateFilterName(name: string): name is TemplateFilterName {
  return FILTER_NAMES.has(name);
}
