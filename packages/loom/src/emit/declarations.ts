/**
 * Top-level declarations: flows and functions become async functions, agents AgentHandles,
 * structs/enums/traits/impls registrations in the program's TypeRegistry, protocols and type
 * aliases registrations in its type checker, tests entries for `loom test`, db and kv
 * resources handles opened at start, jobs JobHandles (emit/jobs.ts), servers registrations
 * `loom serve` starts (emit/servers.ts).
 */
import type {
  AgentDeclaration, ContractClause, Declaration, EnumDeclaration, Expression, FunctionDeclaration, ImplDeclaration, ProtocolDeclaration,
  ResourceDeclaration, StructDeclaration, ToolDeclaration, UseTarget,
} from '../syntax/ast.js';
import { at, braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { emitExpression } from './expressions.js';
import { STD_NAMESPACES_AS_TOOLS, STD_TOOL_SPELLINGS, STD_TOOLS_ON_DECLARED_HANDLES } from '../language/builtins.js';
import { EXPERIENCE_PROPERTY } from '../check/analysis.js';
import { emitFunction } from './functions.js';
import { emitJob } from './jobs.js';
import { emitServer } from './servers.js';
import { emitClauseCheck } from './statements.js';
import { toolBlockProblem } from './tool-blocks.js';
import { programMember, registryMember, typeCheckerMember } from './runtime-names.js';

/** The decorator that makes a function an agent tool: `@tool("description") fn ...`. */
export const TOOL_DECORATOR = 'tool';

/** An unannotated tool parameter takes any value. */
const ANY_TYPE_CODE = JSON.stringify({ name: 'any' });

/** Names an agent's deterministic contracts use for what they check (its input or its answer). */
const AGENT_SUBJECT_NAMES = ['input', 'output', 'result'];

/** Declarations that only register types; emitted before anything runs. */
export function emitTypeDeclaration(context: EmitContext, declaration: Declaration): Code | null {
  switch (declaration.kind) {
    case 'StructDeclaration':
      return at(declaration.span, emitStruct(context, declaration));
    case 'EnumDeclaration':
      return at(declaration.span, emitEnum(declaration));
    case 'TraitDeclaration':
      return at(declaration.span, [registryMember('declareTrait'), '(', quote(declaration.name.name), ', [', declaration.methods.map((method) => quote(method.name.name)).join(', '), ']);']);
    case 'TypeAliasDeclaration':
      return at(declaration.span, [typeCheckerMember('declareAlias'), '(', quote(declaration.name.name), ', ', context.typeDescriptorCode(declaration.type), ');']);
    case 'ProtocolDeclaration':
      return at(declaration.span, [typeCheckerMember('declareProtocol'), '(', quote(declaration.name.name), ', ', protocolFields(context, declaration), ');']);
    default:
      return null;
  }
}

/** Flows and functions, as hoisted JavaScript function declarations. */
export function emitFunctionDeclaration(context: EmitContext, declaration: Declaration): Code | null {
  if (declaration.kind === 'FlowDeclaration') {
    return at(declaration.span, emitFunction(context, {
      name: context.declared(declaration.name),
      label: `flow ${declaration.name.name}`,
      parameters: declaration.parameters ?? [],
      body: declaration.body,
      returnType: declaration.returnType,
      contracts: declaration.contracts,
      returnsResultVariable: true,
    }));
  }
  if (declaration.kind === 'FunctionDeclaration' && declaration.body !== null) {
    return at(declaration.span, emitFunction(context, {
      name: context.declared(declaration.name),
      label: `fn ${declaration.name.name}`,
      parameters: declaration.parameters,
      body: declaration.body,
      returnType: declaration.returnType,
    }));
  }
  return null;
}

/** What agent declarations refer to by name: protocols they implement, `@tool` functions and `tool` blocks they use. */
export interface AgentReferences {
  readonly protocols: ReadonlyMap<string, ProtocolDeclaration>;
  readonly toolFunctions: ReadonlyMap<string, FunctionDeclaration>;
  readonly toolBlocks: ReadonlyMap<string, ToolDeclaration>;
  /** The names of the program's `db` and `kv` declarations, by kind: what `uses std.db` / `std.kv` tools reach. */
  readonly resourceNames: ReadonlyMap<string, readonly string[]>;
}

/** Declarations that run in source order when the program starts. */
export function emitRuntimeDeclaration(context: EmitContext, declaration: Declaration, references: AgentReferences): Code | null {
  switch (declaration.kind) {
    case 'UseConfigDeclaration':
      return at(declaration.span, [programMember('useConfig'), '(', quote(declaration.name.name), ');']);
    case 'AgentDeclaration':
      return at(declaration.span, emitAgent(context, declaration, references));
    case 'ImplDeclaration':
      return at(declaration.span, emitImpl(context, declaration));
    case 'TestDeclaration':
      return at(declaration.span, [
        programMember('test'), '(', quote(declaration.name.value), ', ',
        emitFunction(context, { name: '', label: `test "${declaration.name.value}"`, parameters: [], body: declaration.body }), ');',
      ]);
    case 'JobDeclaration':
      return at(declaration.span, emitJob(context, declaration));
    case 'ServerDeclaration':
      return at(declaration.span, emitServer(context, declaration));
    case 'ResourceDeclaration':
      return at(declaration.span, emitResource(context, declaration));
    default:
      return null;
  }
}

/** The property of a `kv NAME { path: "..." }` / `db NAME { url: "..." }` block that says where the resource lives. */
const RESOURCE_LOCATION_PROPERTIES: Readonly<Record<'db' | 'kv', readonly string[]>> = { kv: ['path', 'url'], db: ['url', 'path'] };

/**
 * `kv NAME = open(...)`, `db NAME = connect(...)`: the handle, opened when the program starts
 * (in source order, before the top-level statements), checked to be of the declared kind.
 * `kv NAME { path: "..." }` and `db NAME { url: "..." }` open the location they name.
 */
function emitResource(context: EmitContext, declaration: ResourceDeclaration): Code {
  const { resource, name } = declaration;
  if (resource === 'auth') return emitAuth(context, declaration);
  let opened: Code;
  if (declaration.init !== null) {
    opened = emitExpression(context, declaration.init);
  } else {
    const location = (declaration.properties ?? []).find((property) => RESOURCE_LOCATION_PROPERTIES[resource].includes(property.name.name));
    // Only a literal: the checker resolves no names inside resource blocks.
    if (location === undefined || location.value.kind !== 'StringLiteral') {
      return [context.unsupported(name, `a ${resource} block without a string ${RESOURCE_LOCATION_PROPERTIES[resource].map((property) => `'${property}:'`).join(' or ')} (${resource} ${name.name})`), ';'];
    }
    opened = ['(await ', programMember('callStd'), '(', quote(resource), ', ', quote(resource === 'kv' ? 'open' : 'connect'), ', [', emitExpression(context, location.value), ']))'];
  }
  return ['const ', context.declared(name), ' = ', programMember('resource'), '(', quote(resource), ', ', quote(name.name), ', await ', opened, ');'];
}

/**
 * `auth NAME = enable_auth(...)`, `auth NAME = { ... }` or `auth NAME { type: "jwt", secret:
 * "...", ... }`: the program's auth settings. A block's values must be literals (strings,
 * numbers, booleans, lists of them), since the checker resolves no names inside blocks.
 */
function emitAuth(context: EmitContext, declaration: ResourceDeclaration): Code {
  const { name } = declaration;
  if (declaration.init !== null) {
    const settings = declaration.init.kind === 'DictLiteral' ? ['(await ', programMember('callStd'), '("auth", "configure", [', emitExpression(context, declaration.init), ']))'] : emitExpression(context, declaration.init);
    return ['const ', context.declared(name), ' = ', programMember('resource'), '("auth", ', quote(name.name), ', await ', settings, ');'];
  }
  const entries: string[] = [];
  for (const property of declaration.properties ?? []) {
    const value = property.value.kind === 'PropertyBlock' ? undefined : literalJson(property.value);
    if (value === undefined) return [context.unsupported(property.name, `the '${property.name.name}' setting of auth ${name.name} (auth block values are literals)`), ';'];
    entries.push(`${quote(property.name.name)}: ${value}`);
  }
  return ['const ', context.declared(name), ' = ', programMember('resource'), '("auth", ', quote(name.name), ', await ', programMember('callStd'), '("auth", "configure", [{ ', entries.join(', '), ' }]));'];
}

/** A literal as JavaScript source, or undefined when the expression is not one. */
function literalJson(expression: Expression): string | undefined {
  switch (expression.kind) {
    case 'StringLiteral':
      return JSON.stringify(expression.value);
    case 'NumberLiteral':
      return expression.unit === null ? String(expression.value) : undefined;
    case 'BooleanLiteral':
      return String(expression.value);
    case 'NullLiteral':
      return 'null';
    case 'ListLiteral': {
      const elements = expression.elements.map((element) => (element.kind === 'SpreadElement' ? undefined : literalJson(element)));
      return elements.every((element) => element !== undefined) ? `[${elements.join(', ')}]` : undefined;
    }
    default:
      return undefined;
  }
}

function emitStruct(context: EmitContext, declaration: StructDeclaration): Code {
  const fields = declaration.fields.map((field) => `{ name: ${quote(field.name.name)}, type: ${field.type === null ? 'null' : context.typeDescriptorCode(field.type)} }`);
  return ['const ', context.declared(declaration.name), ' = ', registryMember('declareStruct'), '(', quote(declaration.name.name), ', [', fields.join(', '), ']);'];
}

function emitEnum(declaration: EnumDeclaration): Code {
  const variants = declaration.variants.map((variant) =>
    `[${quote(variant.name.name)}, ${variant.fields === null ? 'null' : `[${variant.fields.map((field) => quote(field.name)).join(', ')}]`}]`,
  );
  return [registryMember('declareEnum'), '(', quote(declaration.name.name), ', new Map([', variants.join(', '), ']));'];
}

function emitImpl(context: EmitContext, declaration: ImplDeclaration): Code {
  const methods = declaration.methods
    .filter((method) => method.body !== null)
    .map((method) => [
      '[', quote(method.name.name), ', ',
      // Anonymous: a named function expression would bind its name inside its body, so a call of
      // the global function of that name (as the checker resolved it) would call the method.
      emitFunction(context, {
        name: '',
        label: `${declaration.target.name}.${method.name.name}`,
        implicitParameters: ['self'],
        parameters: method.parameters,
        body: method.body!,
        returnType: method.returnType,
      }),
      ']',
    ]);
  return [registryMember('declareImpl'), '(', quote(declaration.trait.name), ', ', quote(declaration.target.name), ', new Map([', joinCode(methods, ', '), ']));'];
}

/** What one `uses` entry gives an agent: tools (with a key, so `std.db` and `std.db.sqlite` together give them once), or why not. */
type ToolUse = { tool: Code; key: string } | { unsupported: string } | { problem: string };

/**
 * The tools an agent's `uses` entry stands for, as list elements: a `@tool fn` of the program
 * or a `std.NS` namespace (std/tools.ts of the runtime); anything else is not supported yet.
 * The tools of std.db and std.kv take the name of a declared handle, so `uses` of them in a
 * program that declares none cannot work and is refused.
 */
function emitToolUse(context: EmitContext, agent: string, use: UseTarget, references: AgentReferences): ToolUse {
  const [only, ...rest] = use.kind === 'QualifiedName' ? use.parts : [];
  if (only?.name === 'std' && rest.length > 0) {
    const written = rest.map((part) => part.name).join('.');
    const namespace = STD_TOOL_SPELLINGS.get(written) ?? written;
    if (!STD_NAMESPACES_AS_TOOLS.has(namespace)) return { unsupported: `std.${written}` };
    if (!STD_TOOLS_ON_DECLARED_HANDLES.has(namespace)) return { tool: ['...', programMember('stdTools'), '(', quote(namespace), ')'], key: `std.${namespace}` };
    const names = references.resourceNames.get(namespace) ?? [];
    if (names.length === 0) {
      const declaration = namespace === 'db' ? 'db NAME = connect("sqlite://...")' : 'kv NAME = open(":memory:")';
      return { problem: `agent ${agent} uses std.${written}, whose tools work on the program's declared ${namespace} handles by name, and the program declares none: add ${declaration}` };
    }
    return { tool: ['...', programMember('stdTools'), '(', quote(namespace), ', [', names.map((name) => quote(name)).join(', '), '])'], key: `std.${namespace}` };
  }
  const declaration = only === undefined || rest.length > 0 ? undefined : references.toolFunctions.get(only.name);
  if (declaration === undefined) {
    const written = use.kind === 'QualifiedName' ? use.parts.map((part) => part.name).join('.') : use.kind === 'McpUse' ? `mcp:${use.url.value}` : use.value;
    return { unsupported: written };
  }
  const decorator = declaration.decorators.find((candidate) => candidate.name.name === TOOL_DECORATOR);
  const description = decorator?.arguments?.find((argument) => argument.value.kind === 'StringLiteral')?.value;
  const parameters = declaration.parameters.map((parameter) => `${quote(parameter.name.name)}: ${parameter.type === null ? ANY_TYPE_CODE : context.typeDescriptorCode(parameter.type)}`);
  return {
    key: declaration.name.name,
    tool: [
      programMember('toolFromFunction'), '(', quote(declaration.name.name), ', ',
      description?.kind === 'StringLiteral' ? quote(description.value) : quote(declaration.name.name), ', { ', parameters.join(', '), ' }, ',
      context.declared(declaration.name), ')',
    ],
  };
}

/** `{ "field": <type descriptor>, ... }`, as the agent library's ProtocolSpec and the type checker read it. */
function protocolFields(context: EmitContext, protocol: ProtocolDeclaration): string {
  return `{ ${protocol.fields.map((field) => `${quote(field.name.name)}: ${context.typeDescriptorCode(field.type)}`).join(', ')} }`;
}

function emitAgent(context: EmitContext, declaration: AgentDeclaration, references: AgentReferences): Code {
  const { protocols, toolBlocks } = references;
  const name = declaration.name.name;
  const toolBlock = declaration.uses
    .map((use) => (use.kind === 'QualifiedName' && use.parts.length === 1 ? toolBlocks.get(use.parts[0].name) : undefined))
    .find((block) => block !== undefined);
  if (toolBlock !== undefined) return [context.cannotRun(declaration.name, toolBlockProblem(name, toolBlock)), ';'];
  const uses = declaration.uses.map((use) => emitToolUse(context, name, use, references));
  const unusable = uses.flatMap((use) => ('unsupported' in use ? [use.unsupported] : []));
  if (unusable.length > 0) return [context.unsupported(declaration.name, `${unusable.map((use) => `'uses ${use}'`).join(', ')} in agent ${name} (agent tools are @tool functions and the std namespaces Loom runs)`), ';'];
  const problem = uses.find((use) => 'problem' in use);
  if (problem !== undefined) return [context.cannotRun(declaration.name, problem.problem), ';'];
  const tools = uses.flatMap((use) => ('tool' in use ? [use] : []));
  const distinct = tools.filter((use, index) => tools.findIndex((other) => other.key === use.key) === index);
  const entries: Code[] = [['name: ', quote(name)]];
  if (uses.length > 0) entries.push(['tools: [', joinCode(distinct.map((use) => use.tool), ', '), ']']);
  let hasModel = false;
  const block = declaration.members.find((member) => member.kind === 'Property' && member.value.kind === 'PropertyBlock');
  if (block !== undefined && block.kind === 'Property') return [context.unsupported(block.name, `the '${block.name.name} { ... }' block of agent ${name}`), ';'];
  for (const member of declaration.members) {
    if (member.kind !== 'Property') continue;
    hasModel ||= member.name.name === 'model';
    if (member.name.name === EXPERIENCE_PROPERTY) {
      // The file's text, read when the program was checked, travels in the module.
      const experience = context.agentExperience(declaration);
      if (experience?.kind === 'read') entries.push([quote(EXPERIENCE_PROPERTY), ': ', quote(experience.text)]);
    } else if (member.value.kind !== 'PropertyBlock') {
      entries.push([quote(member.name.name), ': ', emitExpression(context, member.value)]);
    }
  }
  for (const setting of context.agentDecorators(declaration).settings) {
    entries.push([quote(setting.property), ': ', emitExpression(context, setting.value)]);
  }
  // The agent library reports a missing model as an E101 naming the agent when it is first run.
  if (!hasModel) entries.push('model: ""');
  const [implemented] = declaration.implements;
  const protocol = implemented === undefined ? undefined : protocols.get(implemented.name);
  if (protocol !== undefined) entries.push(`protocol: { name: ${quote(protocol.name.name)}, fields: ${protocolFields(context, protocol)} }`);
  const contracts = declaration.contracts.map((clause) => emitAgentContract(context, clause));
  return ['const ', context.declared(declaration.name), ' = ', programMember('agent'), '({ ', joinCode(entries, ', '), ' }, [', joinCode(contracts, ', '), ']);'];
}

function emitAgentContract(context: EmitContext, clause: ContractClause): Code {
  const { result: check, frame } = context.inFunction(['$subject'], [], () =>
    AGENT_SUBJECT_NAMES.reduceRight<() => Code>((inner, name) => () => context.withRenamed(name, '$subject', inner), () => emitClauseCheck(context, clause, '$subject'))(),
  );
  const temps = frame.declaredNames();
  return [
    '{ clause: ', quote(clause.clause), ', check: async ($subject) => ',
    braces([...(temps.length === 0 ? [] : [`let ${temps.join(', ')};`]), check]), ' }',
  ];
}
