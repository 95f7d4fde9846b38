export interface RichTextEditorProps {
  /** HTML in. */
  value: string;
  /** HTML out ('' when empty). */
  onChange: (html: string) => void;
  /** Display direction; the site is rtl. */
  dir?: 'ltr' | 'rtl';
  /** Height of the editing area in px (SPEC: 500). */
  height?: number;
  /** Accessible name of the editing area. */
  label?: string;
}
