import { lazyChunk } from './lazyChunk';

/** The rich text editor (Tiptap, its own chunk of some 130 kB gzipped): loaded by the composers that show it. */
export const RichTextEditor = lazyChunk(() => import('./RichTextEditor'), 'RichTextEditor');
