// Simple line icons, one per category, drawn on a 24×24 grid; used for image placeholders and
// the browse-by-category cards. Inner SVG markup only; the caller supplies the <svg> element.
import type { CategorySlug } from '../config/site.ts';

export const CATEGORY_ICONS: Record<CategorySlug, string> = {
  'educational-toys':
    '<rect x="3" y="13" width="8" height="8" rx="1.5"/><rect x="13" y="13" width="8" ' +
    'height="8" rx="1.5"/><rect x="8" y="3" width="8" height="8" rx="1.5"/>',
  kits: '<path d="M9 3h6M10 3v6l-5.2 9.2A2 2 0 0 0 6.5 21h11a2 2 0 0 0 1.7-2.8L14 9V3"/><path d="M7 15h10"/>',
  books: '<path d="M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2z"/><path d="M22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z"/>',
  'art-supplies':
    '<path d="M12 3a9 9 0 1 0 0 18c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 ' +
    '0-1.1.9-2 2-2h2.4A4.6 4.6 0 0 0 22 9.8C22 6 17.5 3 12 3z"/><circle cx="7.5" cy="11.5" ' +
    'r="1.2"/><circle cx="10.5" cy="7.5" r="1.2"/><circle cx="15.5" cy="8" r="1.2"/>',
  puzzles:
    '<path d="M4 8h3.5a2.5 2.5 0 1 1 5 0H16v3.5a2.5 2.5 0 1 1 0 ' +
    '5V20h-3.5a2.5 2.5 0 1 0-5 0H4v-3.5a2.5 2.5 0 1 0 0-5z"/>',
  games:
    '<rect x="3" y="3" width="18" height="18" rx="3.5"/><circle cx="8" cy="8" r="1.3"/><circle cx="16" cy="8" ' +
    'r="1.3"/><circle cx="12" cy="12" r="1.3"/><circle cx="8" cy="16" r="1.3"/><circle cx="16" cy="16" r="1.3"/>',
  'outdoor-play': '<path d="M12 3l5.5 7.5h-2.8l4.3 6H5l4.3-6H6.5z"/><path d="M12 16.5V21"/><path d="M4 21h16"/>',
};
