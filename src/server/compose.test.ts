/**
 * The production image's compose file and balancer (decision 088). Docker is not on the
 * build machine: this checks their shape — the services, their health checks, that both app
 * instances share the database, Redis, the bucket and the signing secret, and that nginx balances
 * both instances and proxies WebSockets.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const nginx = readFileSync('deploy/nginx.conf', 'utf8');
const dockerfile = readFileSync('Dockerfile', 'utf8');
const SHARED = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'JWT_SECRET',
  'APP_URL',
  'OPERATOR_NAME',
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_ADDRESS',
  'OPERATOR_PHONE',
  'OPERATOR_EMAIL',
  'OPERATOR_INVOICE_NUMBER',
];

describe('compose.yaml', () => {
  it('has the database, Redis, object storage, two app instances and the balancer', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'app1', 'app2', 'nginx']),
    );
  });

  it('gives every long-running service a health check', () => {
    for (const name of ['postgres', 'redis', 'minio', 'app1', 'app2', 'nginx']) {
      expect(services[name]!.healthcheck?.test, name).toBeDefined();
    }
    for (const name of ['app1', 'app2']) expect(String(services[name]!.healthcheck!.test)).toContain('/readyz');
  });

  it('builds both app instances from the Dockerfile, with the same shared settings and their own names', () => {
    const [a, b] = [services.app1!, services.app2!];
    expect(a.build).toBe('.');
    expect(b.build).toBe('.');
    for (const key of SHARED) {
      expect(a.environment?.[key], key).toBeTruthy();
      expect(b.environment?.[key], key).toBe(a.environment?.[key]);
    }
    expect(a.environment!.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(a.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(a.environment!.S3_ENDPOINT).toBe('http://minio:9000');
    expect(a.environment!.NODE_ENV).toBe('production');
    // nginx sets X-Forwarded-For to the address it saw: the app trusts that one hop (decision 098).
    expect(a.environment!.TRUST_PROXY).toBe('1');
    expect(a.environment!.INSTANCE_ID).not.toBe(b.environment!.INSTANCE_ID);
    // The storage keys are MinIO's own.
    expect(a.environment!.S3_ACCESS_KEY_ID).toBe(services.minio!.environment!.MINIO_ROOT_USER);
    expect(a.environment!.S3_SECRET_ACCESS_KEY).toBe(services.minio!.environment!.MINIO_ROOT_PASSWORD);
    for (const dep of ['postgres', 'redis']) expect(a.depends_on?.[dep]?.condition).toBe('service_healthy');
    // One instance migrates and seeds first; the second waits until it is ready.
    expect(b.depends_on?.app1?.condition).toBe('service_healthy');
  });

  it('puts nginx in front, with the config that balances both instances', () => {
    const n = services.nginx!;
    expect(n.volumes?.some((v) => v.startsWith('./deploy/nginx.conf:'))).toBe(true);
    expect(n.ports?.length).toBeGreaterThan(0);
    expect(n.depends_on?.app1?.condition).toBe('service_healthy');
    expect(n.depends_on?.app2?.condition).toBe('service_healthy');
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginx);
    expect(upstream).not.toBeNull();
    expect(upstream![2]).toMatch(/server\s+app1:3000/);
    expect(upstream![2]).toMatch(/server\s+app2:3000/);
    expect(nginx).toContain(`proxy_pass http://${upstream![1]};`);
    // WebSockets: HTTP/1.1 and the upgrade headers on /ws.
    expect(nginx).toMatch(/location \/ws \{[^}]*proxy_pass http:\/\/tabi_app;/);
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(nginx).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(nginx).toContain('proxy_http_version 1.1;');
  });

  it('lets no client write its own address, retries only idempotent requests and answers /api/ in JSON', () => {
    // Set, not appended to: a client's own X-Forwarded-For never reaches the app (decision 098).
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // A location with a proxy_set_header of its own inherits none of the server's (nginx's rule).
    const locations = [...nginx.matchAll(/\n {4}location [^{]*\{([^}]*)\}/g)].map((m) => m[1]!);
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const body of locations) expect(body).not.toContain('proxy_set_header');
    expect(nginx).not.toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
    // nginx's default: a request already sent is retried only if idempotent.
    expect(nginx).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
    expect(nginx).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
    const api = /location \/api\/ \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(api).toContain('error_page 502 503 504 @api_unavailable;');
    expect(nginx).not.toContain('proxy_intercept_errors on');
    const unavailable = /location @api_unavailable \{\s*default_type application\/json;[^']*return 502 '([^']*)';/.exec(
      nginx,
    );
    expect(JSON.parse(unavailable![1]!)).toMatchObject({ code: 'upstream_unavailable' });
  });
});

describe('Dockerfile', () => {
  it('builds in one stage and runs the compiled server as a non-root user in another', () => {
    const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\w+))?/gm)].map((m) => ({
      image: m[1],
      name: m[2],
    }));
    expect(stages).toEqual([
      { image: 'node:20-slim', name: 'build' },
      { image: 'node:20-slim', name: 'runtime' },
    ]);
    const [build, runtime] = dockerfile.split(/^FROM .* AS runtime$/m);
    expect(build).toMatch(/RUN npm ci\b/);
    expect(build).toMatch(/RUN npm run build/);
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/src\/server\/db\/migrations/);
    expect(runtime).toMatch(/COPY --from=build \/app\/src\/server\/assets/);
    expect(runtime).toMatch(/^USER (?!root)\w+/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    expect(runtime).toMatch(/^CMD \["node", ?"dist\/server\/server.js"\]$/m);
  });

  it('keeps local folders out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const p of ['node_modules', 'dist', 'data', '.git', '.env']) expect(ignored).toContain(p);
  });
});
