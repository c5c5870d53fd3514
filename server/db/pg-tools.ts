import { spawn } from 'node:child_process';

/** Runs a PostgreSQL client tool, its output passed through; rejects on a non-zero exit. */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) =>
      reject(new Error(`${command} could not run (${err.message}): install the PostgreSQL client tools`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code}`)),
    );
  });
}
