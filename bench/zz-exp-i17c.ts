import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync, openSync, writeSync, closeSync } from 'node:fs';
import { get } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createInterface } from 'node:readline';
import { downloadFile } from '/work/wt-i17c/packages/lectern/src/features/models/file-download.js';
import { downloadFile as downloadOrig } from '/work/wt-i17c/packages/lectern/src/features/models/zz-fd-orig.js';
import { downloadFile as downloadOld } from '/work/wt-i17c/packages/lectern/src/features/models/zz-fd-old.js';
const FILE_BYTES = 256 * 1024 * 1024;
const mirror = spawn(process.execPath, ['--import', 'tsx', '/work/wt-i17c/bench/support/model-mirror-process.ts', String(FILE_BYTES)], { stdio: ['pipe', 'pipe', 'inherit'], cwd: '/work/wt-i17c' });
const { baseUrl } = await new Promise<{ baseUrl: string }>((r) => createInterface({ input: mirror.stdout }).once('line', (l) => r(JSON.parse(l))));
const url = `${baseUrl}/file.bin`;
const target = '/tmp/i17c/dl.bin';
const variants: Record<string, () => Promise<void>> = {
  curl: async () => { const r = spawnSync('curl', ['-s', '-f', '-o', target, url]); if (r.status) throw new Error('curl'); },
  curlHash: async () => { const r = spawnSync('sh', ['-c', `curl -s -f ${url} | tee ${target} | sha256sum`]); if (r.status) throw new Error('curlHash'); },
  curlNull: async () => { spawnSync('curl', ['-s', '-f', '-o', '/dev/null', url]); },
  lectern: async () => { await downloadFile({ url: new URL(url), partialPath: target, sizeCapBytes: FILE_BYTES, signal: new AbortController().signal, onProgress: () => undefined }); },
  old: async () => { await downloadOld({ url: new URL(url), partialPath: target, sizeCapBytes: FILE_BYTES, signal: new AbortController().signal, onProgress: () => undefined }); },
  orig: async () => { await downloadOrig({ url: new URL(url), partialPath: target, sizeCapBytes: FILE_BYTES, signal: new AbortController().signal, onProgress: () => undefined }); },
  plain: () => new Promise((res, rej) => { get(url, (resp) => void pipeline(resp, createWriteStream(target)).then(res, rej)).on('error', rej); }),
  countOnly: () => new Promise((res, rej) => { get(url, (resp) => { let n = 0; const sizes = new Map<number, number>(); resp.on('data', (c: Buffer) => { n += c.length; sizes.set(c.length, (sizes.get(c.length) ?? 0) + 1); }); resp.on('end', () => { if (process.env.SIZES) console.log([...sizes].sort((a,b)=>b[1]-a[1]).slice(0,5)); res(); }); }).on('error', rej); }),
  hashOnly: () => new Promise((res, rej) => { get(url, (resp) => { const h = createHash('sha256'); resp.on('data', (c: Buffer) => h.update(c)); resp.on('end', () => { h.digest(); res(); }); }).on('error', rej); }),
  writeSyncBatched: () => new Promise((res, rej) => { get(url, (resp) => { const fd = openSync(target, 'w'); let parts: Buffer[] = []; let n = 0; resp.on('data', (c: Buffer) => { parts.push(c); n += c.length; if (n >= 4 << 20) { writeSync(fd, Buffer.concat(parts, n)); parts = []; n = 0; } }); resp.on('end', () => { writeSync(fd, Buffer.concat(parts, n)); closeSync(fd); res(); }); }).on('error', rej); }),
};
const names = (process.argv[2] || Object.keys(variants).join(',')).split(',');
const times: Record<string, number[]> = {};
for (let round = 0; round < Number(process.argv[3] ?? 5); round++) {
  for (const name of round % 2 ? [...names].reverse() : names) {
    rmSync(target, { force: true });
    const t = performance.now(); await variants[name]!(); (times[name] ??= []).push(performance.now() - t);
  }
}
const med = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
for (const n of Object.keys(times)) if (n !== 'curl' && times.curl) { const r = times[n]!.map((t, i) => times.curl![i]! / t).slice(1); console.log(n.padEnd(18), 'median paired share of curl (warm-up round dropped)', med(r).toFixed(2)); }
for (const [n, v] of Object.entries(times)) console.log(n.padEnd(18), Math.round(FILE_BYTES / 1e6 / (med(v) / 1000)), 'MB/s', v.map(Math.round).join(' '));
mirror.stdin.end();
