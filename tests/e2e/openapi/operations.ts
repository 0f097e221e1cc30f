import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `docs/openapi.json`, the document Prism validates the proxied calls against. */
export const DOCUMENT_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

/** One operation of the document: its id, method (upper case) and path template. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  /** The path template as a pattern, one `[^/]+` per parameter. */
  pattern: RegExp;
  /** Parameters in the template: a literal segment wins over a parameter when both match. */
  parameters: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type PathItems = Record<string, Record<string, { operationId?: string }>>;

/** The operations of the document, most specific template first. */
export function documentOperations(file = DOCUMENT_PATH): Operation[] {
  const document = JSON.parse(readFileSync(file, 'utf8')) as { paths: PathItems };
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const pattern = new RegExp(`^${escaped.join('[^/]+')}$`);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({ id: operation.operationId ?? `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), path: template, pattern, parameters: escaped.length - 1 });
    }
  }
  return operations.sort((a, b) => a.parameters - b.parameters);
}

/** The operation a call names (`GET /api/user/order/5` → `getOrder`), or undefined when the document has none. */
export function matchOperation(operations: readonly Operation[], method: string, pathname: string): Operation | undefined {
  return operations.find((operation) => operation.method === method.toUpperCase() && operation.pattern.test(pathname));
}
