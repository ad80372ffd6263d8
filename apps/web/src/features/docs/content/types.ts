/** The product's own documents, each at the path the specs and the catalogue link to. */
export const DOC_SLUGS = ['staking-agreement', 'terms', 'risk', 'help', 'guide', 'reserves', 'vip'] as const;
export type DocSlug = (typeof DOC_SLUGS)[number];

export interface DocSection {
  heading: string;
  /** Paragraphs; a paragraph starting with '• ' is shown as a list item. */
  body: string[];
}

export interface Doc {
  title: string;
  /** One sentence under the title saying what the document is for. */
  summary: string;
  sections: DocSection[];
}

/** One language's documents and the few labels around them. */
export interface DocCatalogue {
  back: string;
  checkProof: string;
  docs: Record<DocSlug, Doc>;
}
