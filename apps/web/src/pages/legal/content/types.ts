/** A section of a legal page: paragraphs, then an optional list of labelled points. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  points?: readonly { label?: string; text: string }[];
  /** Ends the section with a link to Help & Support. */
  linksToSupport?: boolean;
}

export interface LegalDocument {
  title: string;
  summary: string;
  sections: readonly LegalSection[];
}
