/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and tells where a server's CPU went within windows
 * of the monotonic clock (microseconds, as `process.hrtime.bigint() / 1000n` gives them; V8 stamps its
 * samples on the same clock): self time per code area and per function. Frames of the compiled
 * server (dist/server) are told by their TypeScript source, through its source maps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/** Maps frames of compiled files that have a `.map` beside them to their source file and line. */
function sourceMapper(): (frame: CallFrame) => CallFrame {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  return (frame) => {
    if (!frame.url.startsWith('file://') || frame.lineNumber < 0) return frame;
    const file = fileURLToPath(frame.url);
    if (!maps.has(file))
      maps.set(
        file,
        existsSync(`${file}.map`)
          ? { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))), dir: path.dirname(file) }
          : null,
      );
    const found = maps.get(file);
    const entry = found?.map.findEntry(frame.lineNumber, frame.columnNumber);
    if (!found || !entry || !('originalSource' in entry) || !entry.originalSource) return frame;
    return {
      ...frame,
      url: pathToFileURL(path.resolve(found.dir, entry.originalSource)).href,
      lineNumber: entry.originalLine,
    };
  };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package>, a file of this repository, node's own code, or V8's pseudo-frames. */
function area(url: string, functionName: string, root: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node (built-in)';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const rel = path.relative(root, file);
  return rel.startsWith('..') ? file : path.dirname(rel);
}

export function summarizeCpuProfile(
  file: string,
  root: string,
  windows: [bigint, bigint][],
  top = 10,
  inclusiveTop = Number(process.env.BENCH_PROFILE_INCLUSIVE_TOP ?? 25),
): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const toSource = sourceMapper();
  const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, callFrame: toSource(n.callFrame) }]));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  // Self time alone hides a costly caller behind many cheap callees (a query builder, a hook chain):
  // the inclusive count adds a sample once to every distinct function on its stack.
  const inclusive = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (frame: CallFrame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url ? `${area(frame.url, frame.functionName, root)}/${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
  const own = new Map<string, number>();
  let ownCounted = 0;
  const ownPath = (url: string) => (url.startsWith('file://') ? path.relative(root, new URL(url).pathname) : '');
  let t = profile.startTime;
  let counted = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (!windows.some(([from, to]) => t >= Number(from) && t <= Number(to))) return;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') return void idle++;
    counted++;
    const a = area(url, functionName, root);
    areas.set(a, (areas.get(a) ?? 0) + 1);
    fns.set(label(node.callFrame), (fns.get(label(node.callFrame)) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName.startsWith('(') && !frame.url) continue;
      onStack.add(label(frame));
    }
    for (const f of onStack) inclusive.set(f, (inclusive.get(f) ?? 0) + 1);
    // The library work a line of ours causes (a query's building, its rows' mapping) is charged to it.
    // A socket write's samples are left out: in a profile they are mostly time the process waited
    // for a core after waking PostgreSQL, not CPU (the bench's /proc figures show little system time).
    if (functionName === 'writev' || functionName === 'writeBuffer') return;
    ownCounted++;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!/^src\/(server|shared)\//.test(ownPath(frame.url))) continue;
      own.set(label(frame), (own.get(label(frame)) ?? 0) + 1);
      return;
    }
    own.set('(no function of ours on the stack)', (own.get('(no function of ours on the stack)') ?? 0) + 1);
  });
  if (counted === 0) return ['    (no CPU samples in the measured slices)'];
  const pct = (n: number) => `${((n / counted) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `    busy ${((counted / (counted + idle)) * 100).toFixed(0)}% of the sampled time; self time by area:`,
    ...sorted(areas).map(([k, n]) => `    ${pct(n)}  ${k}`),
    '    by function:',
    ...sorted(fns).map(([k, n]) => `    ${pct(n)}  ${k}`),
    `    by the nearest function of ours up the stack, socket writes left out (${((ownCounted / counted) * 100).toFixed(0)}% of the samples):`,
    ...[...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([k, n]) => `    ${((n / ownCounted) * 100).toFixed(1).padStart(5)}%  ${k}`),
    "    by function, with what it calls (the event loop's own frames left out):",
    ...[...inclusive]
      .filter(([k]) => !/^(processTicksAndRejections|runMicrotasks|emit|callbackTrampoline) /.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, inclusiveTop)
      .map(([k, n]) => `    ${pct(n)}  ${k}`),
  ];
}
