import { Type, type Static } from '@sinclair/typebox';
import { materials as limits } from '../../config.js';

const materialFields = {
  id: Type.String(),
  filename: Type.String({ maxLength: limits.filenameMaxChars, description: 'A safe basename of the uploaded name (Unicode kept)' }),
  content_type: Type.String({ description: 'The sniffed format, never the one the client declared' }),
  size_bytes: Type.Integer({ minimum: 0 }),
  characters: Type.Integer({ minimum: 0, description: 'Length of `text` in Unicode code points' }),
  pages: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'Pages (PDF) or slides (PPTX); null for DOCX, TXT and Markdown' }),
  sha256: Type.String({ description: 'Of the uploaded bytes' }),
  created_at: Type.String({ format: 'date-time' }),
};

/** A material in a list: everything but its text. */
export const MaterialSummarySchema = Type.Object(materialFields, { $id: 'MaterialSummary' });
export type MaterialSummary = Static<typeof MaterialSummarySchema>;

export const MaterialPageSchema = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  text: Type.String(),
});
export type MaterialPage = Static<typeof MaterialPageSchema>;

/** The full record: the text, and the same text per page or slide so answers can cite it. */
export const MaterialSchema = Type.Object(
  {
    ...materialFields,
    text: Type.String({ description: 'The pages in order, a blank line between two' }),
    page_label: Type.Union([Type.Literal('page'), Type.Literal('slide'), Type.Null()], {
      description: 'What `page_texts` numbers: PDF pages or PPTX slides; null when the file has no pages',
    }),
    page_texts: Type.Array(MaterialPageSchema, { description: 'One item per page or slide; one item numbered 1 for a file without pages' }),
  },
  { $id: 'Material' },
);
export type Material = Static<typeof MaterialSchema>;

export const MaterialIdParams = Type.Object({ id: Type.String() });

export const MaterialsPageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limits.pageMax, default: limits.pageDefault })),
  before: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'The `next_before` cursor of the previous page' })),
});

export const MaterialsPage = Type.Object({
  items: Type.Array(Type.Ref(MaterialSummarySchema)),
  next_before: Type.Union([Type.String(), Type.Null()]),
});
