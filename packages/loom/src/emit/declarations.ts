/**
 * Top-level declarations: flows and functions become async functions, agents AgentHandles,
 * structs/enums/traits/impls registrations in the program's TypeRegistry, protocols and type
 * aliases registrations in its type checker, tests entries for `loom test`, db and kv
 * resources handles opened at start, jobs JobHandles (emit/jobs.ts), servers registrations
 * `loom serve` starts (emit/servers.ts).
 */
import { CONTEXT_POLICY_PROPERTY, TOOL_OPTIONS } from '../language/harness.js';
import { emitContextPolicyProperty } from './harness.js';
import type {
  AgentDeclaration, ContractClause, Declaration, EnumDeclaration, FunctionDeclaration, ImplDeclaration, ProtocolDeclaration,
  ResourceDeclaration, StructDeclaration, TypeExpression, UseTarget,
} from '../syntax/ast.js';
import { at, braces, joinCode, quote } from './code.js';
import type { Code } from './code.js';
import type { EmitContext } from './context.js';
import { refusedByChecker } from './context.js';
import { emitExpression } from './expressions.js';
import { STD_TOOL_SPELLINGS, STD_TOOLS_ON_DECLARED_HANDLES } from '../language/builtins.js';
import { RESOURCE_LOCATION_PROPERTIES } from '../language/resource-settings.js';
import { EXPERIENCE_PROPERTY, OUTPUT_SCHEMA_PROPERTY, skillFileOf, TOOL_DECORATOR } from '../check/analysis.js';
import { emitFunction } from './functions.js';
import { inlineOutputFields, protocolOutputFields } from './output-types.js';
import type { TypeDescriptor } from '../language/type-descriptor.js';
import { emitJob } from './jobs.js';
import { emitServer } from './servers.js';
import { emitClauseCheck } from './statements.js';
import { harnessMember, programMember, registryMember, typeCheckerMember } from './runtime-names.js';


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

/** What agent declarations refer to by name: protocols they implement, `@tool` functions they use. */
export interface AgentReferences {
  readonly protocols: ReadonlyMap<string, ProtocolDeclaration>;
  readonly toolFunctions: ReadonlyMap<string, FunctionDeclaration>;
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
    case 'FunctionDeclaration':
      return emitToolSafety(declaration);
    case 'ServerDeclaration':
      return at(declaration.span, emitServer(context, declaration));
    case 'ResourceDeclaration':
      return at(declaration.span, emitResource(context, declaration));
    default:
      return null;
  }
}

/**
 * `@tool("...", risk_level: "high", requires_approval: true)`: registers what calls of the tool
 * must pass (runtime/harness/approval.ts). The checker holds the values to literals.
 */
function emitToolSafety(declaration: FunctionDeclaration): Code | null {
  const decorator = declaration.decorators.find((candidate) => candidate.name.name === TOOL_DECORATOR);
  const options = (decorator?.arguments ?? []).filter((argument) => argument.name !== null && TOOL_OPTIONS.has(argument.name.name));
  if (options.length === 0) return null;
  const entries = options.map((option) => {
    const { value } = option;
    const literal = value.kind === 'StringLiteral' ? quote(value.value) : value.kind === 'BooleanLiteral' ? String(value.value) : refusedByChecker('a @tool option that is not a literal');
    return `${quote(option.name!.name)}: ${literal}`;
  });
  return at(declaration.span, [harnessMember('declareTool'), '(', quote(declaration.name.name), ', { ', entries.join(', '), ' });']);
}

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
    // Only a string literal, which the checker holds (check/resource-blocks.ts).
    if (location === undefined || location.value.kind !== 'StringLiteral') return refusedByChecker(`${resource} block ${name.name} without a string location`);
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
  // The values are literals, which the checker holds (check/resource-blocks.ts).
  const entries = (declaration.properties ?? []).map((property): Code =>
    property.value.kind === 'PropertyBlock' ? refusedByChecker(`the block setting '${property.name.name}' of auth ${name.name}`) : [quote(property.name.name), ': ', emitExpression(context, property.value)],
  );
  return ['const ', context.declared(name), ' = ', programMember('resource'), '("auth", ', quote(name.name), ', await ', programMember('callStd'), '("auth", "configure", [{ ', joinCode(entries, ', '), ' }]));'];
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

/** What one `uses` entry gives an agent: tools, with a key, so `std.db` and `std.db.sqlite` together give them once. */
interface ToolUse {
  readonly tool: Code;
  readonly key: string;
}

/**
 * The tools an agent's `uses` entry stands for, as list elements: a `@tool fn` of the program
 * or a `std.NS` namespace (std/tools.ts of the runtime); the checker refuses anything else
 * (check/agent-tools.ts). The tools of std.db and std.kv take the name of a declared handle.
 */
function emitToolUse(context: EmitContext, use: UseTarget, references: AgentReferences): ToolUse {
  const [only, ...rest] = use.kind === 'QualifiedName' ? use.parts : [];
  if (only?.name === 'std' && rest.length > 0) {
    const written = rest.map((part) => part.name).join('.');
    const namespace = STD_TOOL_SPELLINGS.get(written) ?? written;
    const handles = STD_TOOLS_ON_DECLARED_HANDLES.has(namespace) ? [', [', (references.resourceNames.get(namespace) ?? []).map((name) => quote(name)).join(', '), ']'] : [];
    return { tool: ['...', programMember('stdTools'), '(', quote(namespace), ...handles, ')'], key: `std.${namespace}` };
  }
  const declaration = only === undefined || rest.length > 0 ? undefined : references.toolFunctions.get(only.name);
  if (declaration === undefined) return refusedByChecker(`an agent's use of '${use.kind === 'QualifiedName' ? use.parts.map((part) => part.name).join('.') : use.kind}'`);
  const decorator = declaration.decorators.find((candidate) => candidate.name.name === TOOL_DECORATOR);
  const description = decorator?.arguments?.find((argument) => argument.value.kind === 'StringLiteral')?.value;
  return { key: declaration.name.name, tool: functionTool(context, declaration, description?.kind === 'StringLiteral' ? description.value : declaration.name.name) };
}

/** The tools of the agent's skill files, each run by the program's `@tool fn` of its name (the checker refuses one without). */
function skillToolUses(context: EmitContext, agent: AgentDeclaration, references: AgentReferences): ToolUse[] {
  return (context.agentSkills(agent)?.tools ?? []).map((tool) => {
    const declaration = references.toolFunctions.get(tool.name);
    if (declaration === undefined) return refusedByChecker(`skill tool '${tool.name}' without a @tool fn`);
    // Read back with JSON.parse: as an object literal, a property named __proto__ would not be one.
    const shown = `JSON.parse(${quote(JSON.stringify({ schema: tool.schema, required: tool.schema.required }))})`;
    return { key: tool.name, tool: functionTool(context, declaration, tool.description, shown) };
  });
}

/** `program.toolFromFunction(...)` for a `@tool fn`; `shown` is a skill's schema the model is given instead of the parameter types'. */
function functionTool(context: EmitContext, declaration: FunctionDeclaration, description: string, shown?: string): Code {
  const parameters = declaration.parameters.map((parameter) => `${quote(parameter.name.name)}: ${parameter.type === null ? ANY_TYPE_CODE : context.typeDescriptorCode(parameter.type)}`);
  return [
    programMember('toolFromFunction'), '(', quote(declaration.name.name), ', ', quote(description), ', { ', parameters.join(', '), ' }, ',
    context.declared(declaration.name), ...(shown === undefined ? [] : [', ', shown]), ')',
  ];
}

/** `{ "field": <type descriptor>, ... }`, as the agent library's ProtocolSpec and the type checker read it. */
function protocolFields(context: EmitContext, protocol: ProtocolDeclaration): string {
  return `{ ${protocol.fields.map((field) => `${quote(field.name.name)}: ${context.typeDescriptorCode(field.type)}`).join(', ')} }`;
}

function emitAgent(context: EmitContext, declaration: AgentDeclaration, references: AgentReferences): Code {
  const { protocols } = references;
  const name = declaration.name.name;
  // A skill's description of a tool the agent also uses directly is the one the model is given.
  const skillTools = skillToolUses(context, declaration, references);
  const uses = [
    ...declaration.uses.filter((use) => skillFileOf(use) === undefined).map((use) => emitToolUse(context, use, references)).filter((use) => !skillTools.some((skill) => skill.key === use.key)),
    ...skillTools,
  ];
  const distinct = uses.filter((use, index) => uses.findIndex((other) => other.key === use.key) === index);
  const entries: Code[] = [['name: ', quote(name)]];
  if (uses.length > 0) entries.push(['tools: [', joinCode(distinct.map((use) => use.tool), ', '), ']']);
  const guidelines = context.agentSkills(declaration)?.guidelines ?? [];
  if (guidelines.length > 0) entries.push(['skill_guidelines: ', quote(guidelines.join('\n\n'))]);
  let hasModel = false;
  for (const member of declaration.members) {
    if (member.kind !== 'Property') continue;
    hasModel ||= member.name.name === 'model';
    if (member.name.name === EXPERIENCE_PROPERTY) {
      // The file's text, read when the program was checked, travels in the module.
      const experience = context.agentExperience(declaration);
      if (experience?.kind === 'read') entries.push([quote(EXPERIENCE_PROPERTY), ': ', quote(experience.text)]);
    } else if (member.name.name === CONTEXT_POLICY_PROPERTY) {
      const { value } = member;
      if (value.kind !== 'DictLiteral' && value.kind !== 'PropertyBlock') return refusedByChecker(`a context_policy of agent ${name} that is not a block`);
      entries.push([quote(CONTEXT_POLICY_PROPERTY), ': ', emitContextPolicyProperty(context, value)]);
    } else if (member.value.kind !== 'PropertyBlock' && member.name.name !== OUTPUT_SCHEMA_PROPERTY) {
      // (An output_schema is the agent's protocol, below; a block is its context, or refused.)
      entries.push([quote(member.name.name), ': ', emitExpression(context, member.value)]);
    }
  }
  for (const setting of context.agentDecorators(declaration).settings) {
    entries.push([quote(setting.property), ': ', emitExpression(context, setting.value)]);
  }
  // The agent library reports a missing model as an E101 naming the agent when it is first run.
  if (!hasModel) entries.push('model: ""');
  const protocol = outputProtocolCode(context, declaration, protocols);
  if (protocol !== undefined) entries.push(`protocol: ${protocol}`);
  const handOff = context.agentContext(declaration);
  if (handOff !== undefined) entries.push(`context: ${JSON.stringify(handOff)}`);
  const contracts = declaration.contracts.map((clause) => emitAgentContract(context, clause));
  return ['const ', context.declared(declaration.name), ' = ', programMember('agent'), '({ ', joinCode(entries, ', '), ' }, [', joinCode(contracts, ', '), ']);'];
}

/**
 * The protocol the agent's reply follows, as the agent library's ProtocolSpec: a declared one by
 * its name, an inline `output_schema: { ... }` as `<Agent>_output_schema`.
 */
function outputProtocolCode(context: EmitContext, declaration: AgentDeclaration, protocols: ReadonlyMap<string, ProtocolDeclaration>): string | undefined {
  const output = context.agentOutputProtocol(declaration);
  if (output === undefined) return undefined;
  const describe = (type: TypeExpression): TypeDescriptor => context.typeDescriptor(type);
  if (output.kind === 'inline') {
    const fields = inlineOutputFields(output.fields, protocols, describe);
    return `{ name: ${quote(`${declaration.name.name}_${OUTPUT_SCHEMA_PROPERTY}`)}, fields: JSON.parse(${quote(JSON.stringify(fields))}) }`;
  }
  const protocol = protocols.get(output.name);
  if (protocol === undefined) return undefined;
  return `{ name: ${quote(protocol.name.name)}, fields: JSON.parse(${quote(JSON.stringify(protocolOutputFields(protocol, protocols, describe)))}) }`;
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
