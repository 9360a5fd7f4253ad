// What counts as content, said once: a regular file (git mode 100644) directly inside
// content/products/ (a product file, `.md`) or content/images/products/ (a picture of a kind the
// validator accepts), or content/recall-watch.yml. Never a symlink, a submodule, an executable, a
// hidden (dot) file, a sub-folder, `..`, an absolute path or anything else. `npm run pr-scope`, the
// validator and the editor's git gateway (src/server/gateway/) all ask here.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isHidden, PICTURE_EXTENSIONS, PRODUCT_IMAGES_DIR } from './images.ts';
import type { Problem } from './problems.ts';
import { RECALL_WATCH_FILE } from './recall-watch-file.ts';

/** The folder of product files (`<slug>.md`). */
export const PRODUCTS_DIR = 'content/products';

/** A product file's name: visible (a hidden file is never a product), ending in `.md`. */
export const isProductFileName = (name: string) => !isHidden(name) && name.endsWith('.md') && name.length > 3;

/** The folders whose files may be content (their files only, never a sub-folder), and the single files. */
export const CONTENT_FOLDERS = [PRODUCTS_DIR, PRODUCT_IMAGES_DIR] as const;
export const CONTENT_FILES = [RECALL_WATCH_FILE] as const;
/** The places in words, for messages: "content/products, content/images/products, content/recall-watch.yml". */
export const CONTENT_IN_WORDS = [...CONTENT_FOLDERS, ...CONTENT_FILES].join(', ');

/** git's mode of a regular, non-executable file: the only kind content may be. */
export const REGULAR_FILE_MODE = '100644';

/** git's modes in words, for messages. */
const MODE_WORDS: Record<string, string> = {
  '120000': 'a symlink',
  '160000': 'a submodule',
  '100755': 'an executable file',
  '040000': 'a folder',
};
export const modeInWords = (mode: string) => MODE_WORDS[mode] ?? `git mode ${mode}`;

/** A picture's name in content/images/products/: visible, with an extension the validator accepts. */
export const isPictureFileName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return !isHidden(name) && dot > 0 && PICTURE_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
};

/** A name git or a file system might read as something else: empty, `.`/`..`, a slash, a backslash or a control character. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /^\.{0,2}$|[/\\\u0000-\u001f\u007f]/;

/** Whether a repository-relative path (slash-separated, as git names it) is a content path. */
export function isContentPath(file: string): boolean {
  if ((CONTENT_FILES as readonly string[]).includes(file)) return true;
  const slash = file.lastIndexOf('/');
  const folder = file.slice(0, slash);
  const name = file.slice(slash + 1);
  if (slash < 0 || UNSAFE_NAME.test(name)) return false;
  if (folder === PRODUCTS_DIR) return isProductFileName(name);
  if (folder === PRODUCT_IMAGES_DIR) return isPictureFileName(name);
  return false;
}

/** Whether a file with these git modes (one per side that exists; '000000' for none is ignored) at `file` is content. */
export function isContentFile(file: string, modes: readonly string[]): boolean {
  const present = modes.filter((m) => !/^0+$/.test(m));
  return isContentPath(file) && present.length > 0 && present.every((m) => m === REGULAR_FILE_MODE);
}

/** Why a file is not content, in a few words (for messages), or null when it is. */
export function notContentBecause(file: string, modes: readonly string[]): string | null {
  if (!isContentPath(file)) return 'outside the content';
  const odd = modes.find((m) => !/^0+$/.test(m) && m !== REGULAR_FILE_MODE);
  if (odd) return modeInWords(odd);
  return modes.some((m) => !/^0+$/.test(m)) ? null : 'no file at all';
}

/**
 * What the validator says of the content folders under `root` beyond the products and pictures it
 * reads: a symlink, a sub-folder or anything but a regular file there is a problem (the editor
 * cannot write it and a pull request that adds it runs the whole suite); a product folder file that
 * is not `.md` too. A hidden file is a note: nothing reads it, and tools leave such files around.
 * (A picture of a kind the validator refuses is the picture check's: see images.ts.)
 */
export function contentFolderProblems(root: string): { problems: Problem[]; notes: Problem[] } {
  const problems: Problem[] = [];
  const notes: Problem[] = [];
  const at = (file: string, message: string, fix: string): Problem => ({
    file,
    line: null,
    field: '(file)',
    message,
    fix,
  });
  for (const folder of CONTENT_FOLDERS) {
    const abs = path.join(root, folder);
    if (!existsSync(abs)) continue;
    for (const d of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = `${folder}/${d.name}`;
      if (isHidden(d.name)) {
        notes.push(
          at(
            file,
            'is a hidden file: it is never read as content, and a change to it runs the whole test suite',
            'Delete it unless it belongs to a tool you use.',
          ),
        );
        continue;
      }
      const kind = d.isSymbolicLink()
        ? 'a symlink'
        : d.isDirectory()
          ? 'a folder'
          : d.isFile()
            ? null
            : 'not a regular file';
      if (kind)
        problems.push(
          at(
            file,
            `is ${kind}: only regular files are content (${CONTENT_IN_WORDS})`,
            `Replace it with the file itself, or delete it.`,
          ),
        );
      else if (folder === PRODUCTS_DIR && !isProductFileName(d.name))
        problems.push(
          at(
            file,
            'is not a product file (*.md): the product folder holds product files only',
            `Move it out of ${PRODUCTS_DIR}/, or delete it.`,
          ),
        );
    }
  }
  return { problems, notes };
}
