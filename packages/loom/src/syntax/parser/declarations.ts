/**
 * Top-level declarations: the dispatch over every declaration keyword, and include, use config,
 * tool, fn, flow, test, job and db/auth/kv resources. Agents, data types and servers have their
 * own modules. Each parser starts at its keyword, which `declarationAt` has already recognised.
 */
import type {
  Declaration, Decorator, FlowDeclaration, FunctionDeclaration, JobHandler, Property,
} from '../ast.js';
import type { Token } from '../tokens.js';
import { describeToken, isPunctuator, shortened } from '../tokens.js';
import { parseAgent } from './agents.js';
import { parseBraceBody, parseProperty } from './bodies.js';
import type { Cursor } from './cursor.js';
import { parseEnum, parseImpl, parseProtocol, parseStruct, parseTrait, parseTypeAlias } from './data-types.js';
import type { DeclarationKeyword } from './declaration-starts.js';
import { parseArgumentList, parseExpression } from './expressions.js';
import { parseIdentifier } from './names.js';
import { parseServer } from './server.js';
import { parseContractClauses, parseParameterList, parseReturnType } from './signatures.js';
import { parseBlock } from './statements.js';
import { parsePlainString } from './strings.js';

/** Whether the declaration at the cursor may carry decorators. */
export function atDecoratedDeclaration(p: Cursor): boolean {
  return p.atWord('agent') || p.atWord('fn') || p.atWord('flow');
}

/**
 * Parses the `keyword` declaration whose keyword token is at the cursor (a misspelled keyword
 * is parsed as the one meant); `decorators` were read before it, starting at `start`.
 */
export function parseDeclaration(
  p: Cursor, start: Token, decorators: Decorator[], keyword: DeclarationKeyword,
): Declaration {
  switch (keyword) {
    case 'agent': return parseAgent(p, start, decorators);
    case 'fn': return parseFunction(p, start, decorators, true);
    case 'flow': return parseFlow(p, start, decorators);
    case 'include': return parseInclude(p);
    case 'use': return parseUseConfig(p);
    case 'tool': return parseTool(p);
    case 'protocol': return parseProtocol(p);
    case 'test': return parseTest(p);
    case 'type': return parseTypeAlias(p);
    case 'struct': return parseStruct(p);
    case 'enum': return parseEnum(p);
    case 'trait': return parseTrait(p);
    case 'impl': return parseImpl(p);
    case 'job': return parseJob(p);
    case 'server': return parseServer(p);
    case 'db':
    case 'auth':
    case 'kv':
      return parseResource(p, keyword);
  }
}

function parseInclude(p: Cursor): Declaration {
  const start = p.advance();
  const path = parsePlainString(p, 'the file to include');
  return { kind: 'IncludeDeclaration', path, span: p.spanFrom(start) };
}

function parseUseConfig(p: Cursor): Declaration {
  const start = p.advance();
  p.advance();
  const name = parseIdentifier(p, "a config name after 'use config'");
  return { kind: 'UseConfigDeclaration', name, span: p.spanFrom(start) };
}

// ---- tools, functions, flows, tests ------------------------------------------------------

function parseTool(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a tool name after 'tool'");
  const properties = parseBraceBody(p, 'tool body', () => parseProperty(p, 'tool body'));
  return { kind: 'ToolDeclaration', name, properties, span: p.spanFrom(start) };
}

/** `fn name(params) [-> T] { body }`; a trait signature has no body (`bodyRequired` false). */
export function parseFunction(p: Cursor, start: Token, decorators: Decorator[], bodyRequired: boolean): FunctionDeclaration {
  if (!p.eatWord('fn')) p.errorAtCurrent(`expected 'fn', found ${describeToken(p.current)}`);
  const name = parseIdentifier(p, "a function name after 'fn'");
  const parameters = parseParameterList(p);
  const returnType = parseReturnType(p);
  const body = bodyRequired || p.at('{') ? parseBlock(p, 'function body') : null;
  return { kind: 'FunctionDeclaration', name, decorators, parameters, returnType, body, span: p.spanFrom(start) };
}

export function parseFlow(p: Cursor, start: Token, decorators: Decorator[]): FlowDeclaration {
  p.advance();
  const name = parseIdentifier(p, "a flow name after 'flow'");
  const parameters = p.at('(') ? parseParameterList(p) : null;
  const returnType = parseReturnType(p);
  const contracts = parseContractClauses(p);
  const body = parseBlock(p, 'flow body');
  return { kind: 'FlowDeclaration', name, decorators, parameters, returnType, contracts, body, span: p.spanFrom(start) };
}

function parseTest(p: Cursor): Declaration {
  const start = p.advance();
  const name = parsePlainString(p, 'the test name');
  const body = parseBlock(p, 'test body');
  return { kind: 'TestDeclaration', name, body, span: p.spanFrom(start) };
}

// ---- jobs and resources ------------------------------------------------------------------

function parseJob(p: Cursor): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, "a job name after 'job'");
  const queue = p.eatWord('on') ? parsePlainString(p, "the queue name after 'on'") : null;
  const options = p.at('(') ? parseArgumentList(p) : [];
  const properties: Property[] = [];
  const handlers: JobHandler[] = [];
  parseBraceBody(p, 'job body', () => {
    const memberStart = p.current;
    if (memberStart.kind === 'identifier' && isPunctuator(p.peek(), '(')) {
      p.advance();
      const handlerName = { kind: 'Identifier' as const, name: memberStart.text, span: memberStart.span };
      const parameters = parseParameterList(p);
      const body = parseBlock(p, `${shortened(memberStart.text)} handler`);
      handlers.push({ kind: 'JobHandler', name: handlerName, parameters, body, span: p.spanFrom(memberStart) });
    } else {
      properties.push(parseProperty(p, 'job body'));
    }
  });
  return { kind: 'JobDeclaration', name, queue, options, properties, handlers, span: p.spanFrom(start) };
}

/** `db|auth|kv NAME = init` or `auth|kv NAME { properties }`. */
function parseResource(p: Cursor, resource: 'db' | 'auth' | 'kv'): Declaration {
  const start = p.advance();
  const name = parseIdentifier(p, `a name after '${resource}'`);
  if (p.at('{')) {
    const properties = parseBraceBody(p, `${resource} block`, () => parseProperty(p, `${resource} block`));
    return { kind: 'ResourceDeclaration', resource, name, init: null, properties, span: p.spanFrom(start) };
  }
  p.expect('=', `after the ${resource} name`);
  const init = parseExpression(p);
  return { kind: 'ResourceDeclaration', resource, name, init, properties: null, span: p.spanFrom(start) };
}
