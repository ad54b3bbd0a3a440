import fs from 'node:fs';

/** A command's input file as text, or what to tell the person when it cannot be read. */
export function readInputFile(file: string): { text: string } | { error: string } {
  try {
    return { text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      error:
        code === 'ENOENT'
          ? `${file}: no such file.`
          : code === 'EISDIR'
            ? `${file} is a folder, not a CSV file.`
            : `${file}: ${(err as Error).message}`,
    };
  }
}
