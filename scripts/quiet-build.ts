import { spawn } from 'node:child_process';

/**
 * `npm start`'s build: the same `npm run build`, with its output kept back unless it fails. A newcomer running
 * `npm install && npm start` needs to know the app is being built and then where it runs, not the bundler's list of
 * seventy chunks or its timing notes; a failed build prints everything it said.
 */
const began = performance.now();
console.log('Building the app …');
const child = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
const output: Buffer[] = [];
child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
child.on('close', (code) => {
  if (code === 0) {
    console.log(`Built in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
    return;
  }
  process.stdout.write(Buffer.concat(output));
  console.error(`The build failed (exit code ${code}): see its output above.`);
  process.exit(code ?? 1);
});
