// What `npm start` shows while its stack starts and runs, apart from what it starts (../start.ts):
// the stack's whole output goes to a log file whose path is printed, and the terminal gets one
// progress line (netlify-cli's current build step and the time since the start), rewritten in place
// on a terminal and one line per step otherwise. After the stack is up nothing more is printed per
// request unless asked for (`npm start -- --verbose`, or START_VERBOSE=1): the log has it all. A
// stack that fails gets the tail of the step that failed and the log's path.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface StartReport {
  /** The file that holds everything the stack printed. */
  logFile: string;
  /** A chunk of the stack's output: to the log (and the terminal when verbose); moves the progress line on. */
  output(chunk: string): void;
  /** A line the starting script itself has to say before the summary (waiting for another stack's build). */
  status(line: string): void;
  /** The stack is up: the progress line ends (the caller prints the summary). */
  ready(): void;
  /** The stack did not start: the progress line ends; the failed step's last lines and the log's path are printed. */
  failed(reason: string): void;
  /** From now on, console warnings and notices of this process that match `pattern` go to the log only. */
  divertConsole(pattern: RegExp): void;
}

export interface StartReportOptions {
  logFile: string;
  /** Echo everything the stack prints, during the build and after (every request). */
  verbose: boolean;
  /** Where the report goes (process.stdout). */
  out?: NodeJS.WriteStream;
  /** The clock (tests). */
  now?: () => number;
}

/** `npm start -- --verbose`, or START_VERBOSE set to anything but empty or 0. */
export const verboseAsked = (argv: readonly string[], env: NodeJS.ProcessEnv): boolean =>
  argv.includes('--verbose') || !['', '0', undefined].includes(env.START_VERBOSE?.trim());

/** How many of the failed step's last lines are shown. */
const TAIL_LINES = 15;

/**
 * What a failed step's output says of its error: from its last line naming an error (Astro's
 * `[ERROR] …` and the message under it) up to the stack trace, else its last lines; at most TAIL_LINES.
 */
function errorLines(lines: readonly string[]): string[] {
  const text = lines.filter((l) => l.trim());
  const from = text.findLastIndex((l) => /\berror\b/i.test(l));
  if (from === -1) return text.slice(-TAIL_LINES);
  const rest = text.slice(from);
  const trace = rest.findIndex((l) => /^\s*(Stack trace:|at )/.test(l));
  return rest.slice(0, trace === -1 ? TAIL_LINES : Math.min(trace, TAIL_LINES));
}

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A line of netlify-cli's output as text: no colours, no zero-width spaces, no trailing blanks. */
const plain = (line: string) =>
  stripVTControlCharacters(line)
    .replace(/\u200b/g, '')
    .trimEnd();

export function startReport(opts: StartReportOptions): StartReport {
  const out = opts.out ?? process.stdout;
  const now = opts.now ?? Date.now;
  const t0 = now();
  const tty = Boolean(out.isTTY) && !opts.verbose;
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  writeFileSync(opts.logFile, `npm start, ${new Date(t0).toISOString()}\n`);

  let step = 'Starting netlify-cli';
  /** netlify-cli's section on a failed step ('"build.command" failed'): its configuration dump, not the step's output. */
  let failedStep = false;
  /** The current step's lines (for a failure), and the last non-blank line (a step's title comes before its rule). */
  let stepLines: string[] = [];
  let previous = '';
  let partial = '';
  let up = false;
  let shown = ''; // the progress line on the terminal, when it is one

  const progressText = () => {
    const text = `  [${clock(now() - t0)}] ${step}…`;
    const width = (out.columns || 80) - 1;
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const draw = () => {
    if (!tty || up) return;
    shown = progressText();
    out.write(`\r\x1b[K${shown}`);
  };
  const clearLine = () => {
    if (tty && shown) out.write('\r\x1b[K');
    shown = '';
  };
  const timer = tty ? setInterval(draw, 1000) : undefined;
  timer?.unref();

  const enter = (title: string) => {
    step = title;
    stepLines = [];
    if (tty) draw();
    else if (!opts.verbose) out.write(`${progressText()}\n`);
  };
  if (!opts.verbose) enter(step);

  const line = (raw: string) => {
    const text = plain(raw);
    // netlify-cli heads each build step with its title over a rule of box-drawing characters.
    if (/^─{8,}[^\p{L}\p{N}]*$/u.test(text.trim()) && previous) {
      // The step's own output (the build's error) stays what a failure shows.
      if (/^"[^"]+" failed$/.test(previous.trim())) failedStep = true;
      // Its last title ("Netlify Build Complete"): what follows is the server starting.
      else if (!up && !failedStep)
        enter(/^Netlify Build Complete/.test(previous.trim()) ? 'Starting the server' : previous.trim());
    } else if (failedStep) {
      // netlify-cli's account of the failure (its resolved configuration): in the log only.
    } else if (/Server now ready|Local dev server ready/i.test(text)) {
      if (!up && step !== 'Starting the server') enter('Starting the server');
    } else {
      stepLines.push(text);
      if (stepLines.length > 400) stepLines.splice(0, stepLines.length - 400);
    }
    if (text.trim()) previous = text;
  };

  const end = () => {
    if (timer) clearInterval(timer);
    clearLine();
  };

  return {
    logFile: opts.logFile,
    output(chunk) {
      // The log is read in an editor or with grep: plain text, without the colours a terminal shows.
      appendFileSync(opts.logFile, stripVTControlCharacters(chunk));
      if (opts.verbose) out.write(chunk);
      const lines = (partial + chunk).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const l of lines) line(l);
    },
    status(text) {
      appendFileSync(opts.logFile, `${text}\n`);
      clearLine();
      out.write(`  ${text}\n`);
      draw();
    },
    ready() {
      up = true;
      end();
      appendFileSync(opts.logFile, `\nnpm start: ready after ${clock(now() - t0)}\n`);
    },
    divertConsole(pattern) {
      for (const method of ['warn', 'info'] as const) {
        const original = console[method].bind(console);
        console[method] = (...args: unknown[]) => {
          const text = args.map(String).join(' ');
          if (pattern.test(stripVTControlCharacters(text))) appendFileSync(opts.logFile, `${text}\n`);
          else original(...args);
        };
      }
    },
    failed(reason) {
      if (partial) line(partial);
      up = true;
      end();
      const tail = errorLines(stepLines);
      appendFileSync(opts.logFile, `\nnpm start: ${reason}\n`);
      out.write(
        `\n  ✖ npm start failed after ${clock(now() - t0)}, in "${step}": ${reason}.\n` +
          (opts.verbose || !tail.length ? '' : `  Its last lines:\n${tail.map((l) => `    ${l}`).join('\n')}\n`) +
          `  The whole log: ${opts.logFile}\n`,
      );
    },
  };
}
