/**
 * The typed syntax tree of a Loom (`.nx`) source file.
 *
 * Every node carries a `kind` discriminant and the `span` of the source it was read from.
 * The tree keeps the surface forms apart where they mean different things to later stages
 * (for example `print x` and `print(x)` both become a PrintStatement, but `a ?? b` and
 * `a ?? B : C` are different nodes), so the checker never has to re-read source text.
 * Nodes the parser could not read are `ErrorNode`s; a tree containing one always comes with
 * at least one E004 diagnostic.
 */
import type { Span } from '../language/span.js';

interface NodeBase {
  readonly span: Span;
}

// ---------------------------------------------------------------------------------------------
// Names and shared pieces
// ---------------------------------------------------------------------------------------------

export interface Identifier extends NodeBase {
  readonly kind: 'Identifier';
  readonly name: string;
}

/** A dotted name such as `std.http` (used by `uses`). */
export interface QualifiedName extends NodeBase {
  readonly kind: 'QualifiedName';
  readonly parts: readonly Identifier[];
}

/** Placeholder for source the parser could not read; an E004 diagnostic covers its span. */
export interface ErrorNode extends NodeBase {
  readonly kind: 'Error';
}

/** `name: value`, `name = value` or `name value` inside a declaration body. */
export interface Property extends NodeBase {
  readonly kind: 'Property';
  readonly name: Identifier;
  readonly value: Expression | PropertyBlock;
}

/** A nested property body, e.g. the `context { source: upstream, ... }` block of an agent. */
export interface PropertyBlock extends NodeBase {
  readonly kind: 'PropertyBlock';
  readonly properties: readonly Property[];
}

/** A call or decorator argument; `name` is set for `name: value` and `name = value`. */
export interface Argument extends NodeBase {
  readonly kind: 'Argument';
  readonly name: Identifier | null;
  readonly value: Expression;
}

export interface Decorator extends NodeBase {
  readonly kind: 'Decorator';
  readonly name: Identifier;
  /** `null` when written without parentheses (`@cached`). */
  readonly arguments: readonly Argument[] | null;
}

export interface Parameter extends NodeBase {
  readonly kind: 'Parameter';
  readonly name: Identifier;
  readonly type: TypeExpression | null;
  readonly defaultValue: Expression | null;
}

/** `requires`/`ensures`/`invariant`; a string-literal condition is a semantic contract. */
export interface ContractClause extends NodeBase {
  readonly kind: 'ContractClause';
  readonly clause: 'requires' | 'ensures' | 'invariant';
  readonly condition: Expression;
}

export interface Block extends NodeBase {
  readonly kind: 'Block';
  readonly statements: readonly Statement[];
}

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

/** `str`, `Point`, `list[str]`, `Result[str, str]`, `dict[str, float]`. */
export interface NamedType extends NodeBase {
  readonly kind: 'NamedType';
  readonly name: Identifier;
  readonly arguments: readonly TypeExpression[];
}

export interface UnionType extends NodeBase {
  readonly kind: 'UnionType';
  readonly members: readonly TypeExpression[];
}

/** `T?`, shorthand for `Option[T]`. */
export interface OptionalType extends NodeBase {
  readonly kind: 'OptionalType';
  readonly inner: TypeExpression;
}

/** A type written as a string, as protocols do: `score: "int"`. */
export interface StringType extends NodeBase {
  readonly kind: 'StringType';
  readonly text: string;
}

export type TypeExpression = NamedType | UnionType | OptionalType | StringType | ErrorNode;

// ---------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------

export interface IncludeDeclaration extends NodeBase {
  readonly kind: 'IncludeDeclaration';
  readonly path: StringLiteral;
}

/** `use config NAME;` */
export interface UseConfigDeclaration extends NodeBase {
  readonly kind: 'UseConfigDeclaration';
  readonly name: Identifier;
}

/** One entry of an agent's `uses` list: `std.http`, `web_search`, `"SKILLS.md"`, `mcp:"url"`. */
export type UseTarget = QualifiedName | StringLiteral | McpUse;

export interface McpUse extends NodeBase {
  readonly kind: 'McpUse';
  readonly url: StringLiteral;
}

export type AgentMember = Property | FunctionDeclaration | FlowDeclaration | LetStatement | ErrorNode;

export interface AgentDeclaration extends NodeBase {
  readonly kind: 'AgentDeclaration';
  readonly name: Identifier;
  readonly decorators: readonly Decorator[];
  readonly returnType: TypeExpression | null;
  readonly uses: readonly UseTarget[];
  readonly implements: readonly Identifier[];
  readonly contracts: readonly ContractClause[];
  readonly members: readonly AgentMember[];
}

/** `tool NAME { description: ..., parameters: {...} }` (also `mcp:` and `python:` bodies). */
export interface ToolDeclaration extends NodeBase {
  readonly kind: 'ToolDeclaration';
  readonly name: Identifier;
  readonly properties: readonly Property[];
}

/**
 * `fn name(params) [-> T | : T] { ... }`, optionally decorated (`@tool("...") fn`).
 * `body` is `null` for a trait method signature.
 */
export interface FunctionDeclaration extends NodeBase {
  readonly kind: 'FunctionDeclaration';
  readonly name: Identifier;
  readonly decorators: readonly Decorator[];
  readonly parameters: readonly Parameter[];
  readonly returnType: TypeExpression | null;
  readonly body: Block | null;
}

export interface ProtocolField extends NodeBase {
  readonly kind: 'ProtocolField';
  readonly name: Identifier;
  readonly type: TypeExpression;
}

export interface ProtocolDeclaration extends NodeBase {
  readonly kind: 'ProtocolDeclaration';
  readonly name: Identifier;
  readonly fields: readonly ProtocolField[];
}

export interface FlowDeclaration extends NodeBase {
  readonly kind: 'FlowDeclaration';
  readonly name: Identifier;
  readonly decorators: readonly Decorator[];
  /** `null` for `flow main { ... }` written without parentheses. */
  readonly parameters: readonly Parameter[] | null;
  readonly returnType: TypeExpression | null;
  readonly contracts: readonly ContractClause[];
  readonly body: Block;
}

export interface TestDeclaration extends NodeBase {
  readonly kind: 'TestDeclaration';
  readonly name: StringLiteral;
  readonly body: Block;
}

/** `type Email = str @ "valid email address"`; `constraint` is the semantic part. */
export interface TypeAliasDeclaration extends NodeBase {
  readonly kind: 'TypeAliasDeclaration';
  readonly name: Identifier;
  readonly type: TypeExpression;
  readonly constraint: StringLiteral | null;
}

export interface StructField extends NodeBase {
  readonly kind: 'StructField';
  readonly name: Identifier;
  readonly type: TypeExpression | null;
}

export interface StructDeclaration extends NodeBase {
  readonly kind: 'StructDeclaration';
  readonly name: Identifier;
  readonly fields: readonly StructField[];
}

export interface EnumVariant extends NodeBase {
  readonly kind: 'EnumVariant';
  readonly name: Identifier;
  /** `null` for a unit variant (`None`), the payload names for `Some(value)`. */
  readonly fields: readonly Identifier[] | null;
}

export interface EnumDeclaration extends NodeBase {
  readonly kind: 'EnumDeclaration';
  readonly name: Identifier;
  readonly variants: readonly EnumVariant[];
}

export interface TraitDeclaration extends NodeBase {
  readonly kind: 'TraitDeclaration';
  readonly name: Identifier;
  readonly methods: readonly FunctionDeclaration[];
}

export interface ImplDeclaration extends NodeBase {
  readonly kind: 'ImplDeclaration';
  readonly trait: Identifier;
  readonly target: Identifier;
  readonly methods: readonly FunctionDeclaration[];
}

/** `perform(args) { ... }` or `on_failure(error, attempt) { ... }` inside a job. */
export interface JobHandler extends NodeBase {
  readonly kind: 'JobHandler';
  readonly name: Identifier;
  readonly parameters: readonly Parameter[];
  readonly body: Block;
}

export interface JobDeclaration extends NodeBase {
  readonly kind: 'JobDeclaration';
  readonly name: Identifier;
  /** `job NAME on "queue"`; `null` when the queue is not named (the job's own queue). */
  readonly queue: StringLiteral | null;
  /** The parenthesised options `(retry: 2, timeout: 120)`. */
  readonly options: readonly Argument[];
  /** Options written in the body (`retry: 5`). */
  readonly properties: readonly Property[];
  readonly handlers: readonly JobHandler[];
}

export interface RouteDirective extends NodeBase {
  readonly kind: 'RouteDirective';
  /** `null` when the method is omitted (`route "/p": H`, `semantic route "/p" => H`). */
  readonly method: Identifier | null;
  readonly semantic: boolean;
  readonly path: StringLiteral;
  /** The `=> handler` / `: handler` target; `null` for the block form, which uses `properties`. */
  readonly handler: Expression | null;
  readonly contracts: readonly ContractClause[];
  readonly properties: readonly Property[];
}

export interface StaticDirective extends NodeBase {
  readonly kind: 'StaticDirective';
  readonly urlPath: StringLiteral;
  readonly directory: StringLiteral;
}

/** `cors {...}`, `middleware [...]`, `require_auth "/p"` and other `name value` directives. */
export interface ValueDirective extends NodeBase {
  readonly kind: 'ValueDirective';
  readonly name: Identifier;
  readonly value: Expression;
}

export interface GroupDirective extends NodeBase {
  readonly kind: 'GroupDirective';
  readonly path: StringLiteral;
  readonly directives: readonly ServerDirective[];
}

export type ServerDirective = RouteDirective | StaticDirective | ValueDirective | GroupDirective | ErrorNode;

export interface ServerDeclaration extends NodeBase {
  readonly kind: 'ServerDeclaration';
  /** `server 8080 { ... }` has a port, `server MyApp { ... }` a name. */
  readonly port: NumberLiteral | null;
  readonly name: Identifier | null;
  readonly directives: readonly ServerDirective[];
}

/**
 * `db NAME = connect("...")`, `auth NAME = enable_auth(...)`, `kv NAME = open(...)` (the
 * `init` form) or `auth NAME { type: "jwt", ... }` / `kv NAME { path: ... }` (the block form).
 */
export interface ResourceDeclaration extends NodeBase {
  readonly kind: 'ResourceDeclaration';
  readonly resource: 'db' | 'auth' | 'kv';
  readonly name: Identifier;
  readonly init: Expression | null;
  readonly properties: readonly Property[] | null;
}

export type Declaration =
  | IncludeDeclaration
  | UseConfigDeclaration
  | AgentDeclaration
  | ToolDeclaration
  | FunctionDeclaration
  | ProtocolDeclaration
  | FlowDeclaration
  | TestDeclaration
  | TypeAliasDeclaration
  | StructDeclaration
  | EnumDeclaration
  | TraitDeclaration
  | ImplDeclaration
  | JobDeclaration
  | ServerDeclaration
  | ResourceDeclaration;

/** Scripts may also hold statements at top level (they run in order, like a flow body). */
export type TopLevelItem = Declaration | Statement;

export interface Program extends NodeBase {
  readonly kind: 'Program';
  readonly items: readonly TopLevelItem[];
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

export interface ExpressionStatement extends NodeBase {
  readonly kind: 'ExpressionStatement';
  readonly expression: Expression;
}

export type AssignmentTarget = Identifier | MemberExpression | IndexExpression | Pattern;

export interface AssignmentStatement extends NodeBase {
  readonly kind: 'AssignmentStatement';
  readonly target: AssignmentTarget;
  readonly operator: '=' | '+=' | '-=' | '*=' | '/=';
  readonly value: Expression;
}

export interface LetStatement extends NodeBase {
  readonly kind: 'LetStatement';
  readonly pattern: Pattern;
  readonly type: TypeExpression | null;
  readonly value: Expression;
}

/**
 * `if cond { ... } [else ...]`. The statement-suffix form `restore(snap) if failed` is read as
 * `if failed { restore(snap) }`.
 */
export interface IfStatement extends NodeBase {
  readonly kind: 'IfStatement';
  readonly condition: Expression;
  readonly consequent: Block;
  readonly alternate: Block | IfStatement | null;
}

/**
 * `for each x in e` (`each` set) or `for pattern in e`. `for each i, x in e` gives the tuple
 * pattern `(i, x)`; the reference implementation binds the index and the element.
 */
export interface ForStatement extends NodeBase {
  readonly kind: 'ForStatement';
  readonly each: boolean;
  readonly pattern: Pattern;
  readonly iterable: Expression;
  readonly body: Block;
}

export interface WhileStatement extends NodeBase {
  readonly kind: 'WhileStatement';
  readonly condition: Expression;
  readonly body: Block;
}

/** `loop { ... } until ("semantic condition")`; `until` is `null` for a bare `loop`. */
export interface LoopStatement extends NodeBase {
  readonly kind: 'LoopStatement';
  readonly body: Block;
  readonly until: Expression | null;
}

export interface BreakStatement extends NodeBase {
  readonly kind: 'BreakStatement';
}

export interface ContinueStatement extends NodeBase {
  readonly kind: 'ContinueStatement';
}

export interface ReturnStatement extends NodeBase {
  readonly kind: 'ReturnStatement';
  readonly value: Expression | null;
}

/** `raise Error("...")`. */
export interface RaiseStatement extends NodeBase {
  readonly kind: 'RaiseStatement';
  readonly value: Expression;
}

export interface CatchClause extends NodeBase {
  readonly kind: 'CatchClause';
  readonly parameter: Parameter | null;
  readonly body: Block;
}

export interface TryStatement extends NodeBase {
  readonly kind: 'TryStatement';
  readonly body: Block;
  /** Null only when the catch is missing, which the parser reports (E004). */
  readonly handler: CatchClause | null;
}

/** `assert expr` or `assert "claim" against subject` (then `condition` is the claim). */
export interface AssertStatement extends NodeBase {
  readonly kind: 'AssertStatement';
  readonly condition: Expression;
  readonly against: Expression | null;
}

/** `semantic_if "cond" [fast_match r"..."] [against subject] { ... } [else ...]`. */
export interface SemanticIfStatement extends NodeBase {
  readonly kind: 'SemanticIfStatement';
  readonly condition: Expression;
  readonly fastMatch: Expression | null;
  readonly subject: Expression | null;
  readonly consequent: Block;
  readonly alternate: Block | IfStatement | SemanticIfStatement | null;
}

export interface DeferStatement extends NodeBase {
  readonly kind: 'DeferStatement';
  readonly body: Expression | Block;
}

/** `print x, y` and `print(x, y)`; a `print(...)` with named arguments stays a CallExpression. */
export interface PrintStatement extends NodeBase {
  readonly kind: 'PrintStatement';
  readonly arguments: readonly Expression[];
}

/** `requires`/`ensures`/`invariant` written as a statement inside a body. */
export interface ContractStatement extends NodeBase {
  readonly kind: 'ContractStatement';
  readonly clause: ContractClause;
}

// --- v2 harness forms (parsed so the checker can name them) ---------------------------------

/** `autoloop max_steps: 5, exit_when: "..." { ... }` */
export interface AutoloopStatement extends NodeBase {
  readonly kind: 'AutoloopStatement';
  readonly options: readonly Argument[];
  readonly body: Block;
}

/** `with_context max_tokens: 50000, strategy: sliding_window { ... }` */
export interface WithContextStatement extends NodeBase {
  readonly kind: 'WithContextStatement';
  readonly options: readonly Argument[];
  readonly body: Block;
}

/** `try_agent { ... } catch_correction(e: ToolError) { ... }` */
export interface TryAgentStatement extends NodeBase {
  readonly kind: 'TryAgentStatement';
  readonly body: Block;
  readonly correction: CatchClause | null;
}

export interface ReflectStatement extends NodeBase {
  readonly kind: 'ReflectStatement';
  readonly message: Expression;
}

/**
 * `verify x satisfies T` (`mode` 'satisfies', `target` the type), `verify "claim" against x`
 * ('against'), `verify x contains "..."` ('contains') or `verify expr` ('expression').
 */
export interface VerifyStatement extends NodeBase {
  readonly kind: 'VerifyStatement';
  readonly mode: 'satisfies' | 'against' | 'contains' | 'expression';
  readonly subject: Expression;
  readonly target: Expression | TypeExpression | null;
}

/** `before_step {}`, `after_step {}`, `on_error(e) {}`, `before_tool(t) {}`, `after_tool(t) {}`. */
export interface LifecycleHookStatement extends NodeBase {
  readonly kind: 'LifecycleHookStatement';
  readonly hook: Identifier;
  readonly parameters: readonly Parameter[];
  readonly body: Block;
}

/** `pass message to actor;` or `pass actor, message;` */
export interface PassStatement extends NodeBase {
  readonly kind: 'PassStatement';
  readonly message: Expression;
  readonly target: Expression;
}

/** `unharnessed ["reason"] { ... }`: a block that explicitly opts out of harness constraints. */
export interface UnharnessedStatement extends NodeBase {
  readonly kind: 'UnharnessedStatement';
  readonly reason: StringLiteral | null;
  readonly body: Block;
}

/**
 * `fork { ... } and { ... }`: blocks of the flow run at the same time; what each assigns is the
 * flow's, as after any block, once every branch has ended.
 */
export interface ForkBlockStatement extends NodeBase {
  readonly kind: 'ForkBlockStatement';
  readonly branches: readonly Block[];
}

/** `context_policy { max_tokens: 8000, strategy: sliding_window }` inside a body. */
export interface ContextPolicyStatement extends NodeBase {
  readonly kind: 'ContextPolicyStatement';
  readonly properties: readonly Property[];
}

export type Statement =
  | ExpressionStatement
  | AssignmentStatement
  | LetStatement
  | IfStatement
  | ForStatement
  | WhileStatement
  | LoopStatement
  | BreakStatement
  | ContinueStatement
  | ReturnStatement
  | RaiseStatement
  | TryStatement
  | AssertStatement
  | SemanticIfStatement
  | DeferStatement
  | PrintStatement
  | ContractStatement
  | AutoloopStatement
  | WithContextStatement
  | TryAgentStatement
  | ReflectStatement
  | VerifyStatement
  | LifecycleHookStatement
  | PassStatement
  | UnharnessedStatement
  | ContextPolicyStatement
  | ForkBlockStatement
  | ErrorNode;

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

export interface NumberLiteral extends NodeBase {
  readonly kind: 'NumberLiteral';
  readonly value: number;
  readonly isFloat: boolean;
  /** A duration suffix (`500ms`, `30s`), or `null`. */
  readonly unit: string | null;
}

/** A string without interpolation; `value` has escapes resolved. */
export interface StringLiteral extends NodeBase {
  readonly kind: 'StringLiteral';
  readonly value: string;
  readonly triple: boolean;
}

export interface StringText extends NodeBase {
  readonly kind: 'StringText';
  readonly value: string;
}

/** A string with `#{expr}` parts. */
export interface InterpolatedString extends NodeBase {
  readonly kind: 'InterpolatedString';
  readonly parts: readonly (StringText | Expression)[];
  readonly triple: boolean;
}

/** `r"\d+"`: the pattern text exactly as written. */
export interface RegexLiteral extends NodeBase {
  readonly kind: 'RegexLiteral';
  readonly pattern: string;
}

/** `template"""Hello {{name}}"""`: the template body exactly as written. */
export interface TemplateLiteral extends NodeBase {
  readonly kind: 'TemplateLiteral';
  readonly body: string;
}

export interface BooleanLiteral extends NodeBase {
  readonly kind: 'BooleanLiteral';
  readonly value: boolean;
}

/** `null`, `none` or `None`. */
export interface NullLiteral extends NodeBase {
  readonly kind: 'NullLiteral';
}

/** `..rest` inside a list literal. */
export interface SpreadElement extends NodeBase {
  readonly kind: 'SpreadElement';
  readonly argument: Expression;
}

export interface ListLiteral extends NodeBase {
  readonly kind: 'ListLiteral';
  readonly elements: readonly (Expression | SpreadElement)[];
}

export interface TupleLiteral extends NodeBase {
  readonly kind: 'TupleLiteral';
  readonly elements: readonly Expression[];
}

export interface DictEntry extends NodeBase {
  readonly kind: 'DictEntry';
  /** A bare identifier key (`{status: "ok"}`) is kept as an Identifier; it means its name. */
  readonly key: Expression;
  readonly value: Expression;
}

/** `{ "k": v }` or `map { "k": v }`. */
export interface DictLiteral extends NodeBase {
  readonly kind: 'DictLiteral';
  readonly entries: readonly DictEntry[];
}

export type UnaryOperator = '-' | '!' | 'not';

export interface UnaryExpression extends NodeBase {
  readonly kind: 'UnaryExpression';
  readonly operator: UnaryOperator;
  readonly operand: Expression;
}

export type BinaryOperator =
  | '+' | '-' | '*' | '/' | '%' | '**'
  | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in'
  | 'and' | 'or'
  | '??' | '|>' | '>>' | '|>>' | '&>>' | '||' | '&&'
  | 'otherwise' | 'fallback';

export interface BinaryExpression extends NodeBase {
  readonly kind: 'BinaryExpression';
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

/** `input ?? UrgentHandler : NormalHandler` (the DAG conditional branch). */
export interface ConditionalExpression extends NodeBase {
  readonly kind: 'ConditionalExpression';
  readonly condition: Expression;
  readonly whenTrue: Expression;
  readonly whenFalse: Expression;
}

/** Postfix `?`: propagate an error to the caller. */
export interface PropagateExpression extends NodeBase {
  readonly kind: 'PropagateExpression';
  readonly operand: Expression;
}

/**
 * `f(x)`, `A.run("...")`, `std.fs.read_file(p)`, `E::V(x)`. Struct construction is a call with
 * named arguments: `Point(x: 1, y: 2)`, and `Point { x: 1, y: 2 }` is read the same way.
 */
export interface CallExpression extends NodeBase {
  readonly kind: 'CallExpression';
  readonly callee: Expression;
  readonly arguments: readonly Argument[];
}

export interface MemberExpression extends NodeBase {
  readonly kind: 'MemberExpression';
  readonly object: Expression;
  readonly property: Identifier;
}

export interface IndexExpression extends NodeBase {
  readonly kind: 'IndexExpression';
  readonly object: Expression;
  readonly index: Expression;
}

/** `items[1:]`, `items[:3]`, `items[a:b]`. */
export interface SliceExpression extends NodeBase {
  readonly kind: 'SliceExpression';
  readonly object: Expression;
  readonly start: Expression | null;
  readonly end: Expression | null;
}

/**
 * `value is int`, `r is Err`, `r is Result::Err`, `x is not None`: whether a value is of a
 * type or a variant. The target is read as a type (`list[int]`, `int | float`) unless it is
 * written `Enum::Variant`; the checker decides what a bare name (`Err`, `None`) stands for.
 */
export interface TypeTestExpression extends NodeBase {
  readonly kind: 'TypeTestExpression';
  readonly value: Expression;
  readonly target: TypeExpression | VariantExpression;
  /** `is not`. */
  readonly negated: boolean;
}

/** `Enum::Variant`; a payload is a CallExpression whose callee is this node. */
export interface VariantExpression extends NodeBase {
  readonly kind: 'VariantExpression';
  readonly enumName: Identifier;
  readonly variant: Identifier;
}

/** `fn(x) { ... }` */
export interface FunctionExpression extends NodeBase {
  readonly kind: 'FunctionExpression';
  readonly parameters: readonly Parameter[];
  readonly body: Block;
}

/** A block used where an expression is expected: `x otherwise { ... }`. */
export interface BlockExpression extends NodeBase {
  readonly kind: 'BlockExpression';
  readonly block: Block;
}

export interface MatchArm extends NodeBase {
  readonly kind: 'MatchArm';
  readonly pattern: Pattern;
  /** `p if cond => e` or the trailing form `p => e if cond`. */
  readonly guard: Expression | null;
  readonly body: Expression | Block;
}

export interface MatchExpression extends NodeBase {
  readonly kind: 'MatchExpression';
  /** True for `fast_match subject { ... }`, the intent router written as an expression. */
  readonly fast: boolean;
  readonly subject: Expression;
  readonly arms: readonly MatchArm[];
}

/** `python! """..."""`: the embedded code exactly as written. */
export interface PythonEscapeExpression extends NodeBase {
  readonly kind: 'PythonEscapeExpression';
  readonly code: string;
}

/** `fork [a, b] merge best_of`: the branches run at the same time, then their results are merged. */
export interface ForkExpression extends NodeBase {
  readonly kind: 'ForkExpression';
  readonly branches: ListLiteral;
  /** The merge strategy, a name (not a variable); null without `merge`. */
  readonly strategy: Identifier | null;
}

/** `spawn Agent(args)` (actor form; `spawn(f)` is an ordinary call). */
export interface SpawnExpression extends NodeBase {
  readonly kind: 'SpawnExpression';
  readonly target: Expression;
}

/** `await handle` or `await handle, timeout_seconds`. */
export interface AwaitExpression extends NodeBase {
  readonly kind: 'AwaitExpression';
  readonly operand: Expression;
  readonly timeout: Expression | null;
}

export type Expression =
  | Identifier
  | NumberLiteral
  | StringLiteral
  | InterpolatedString
  | RegexLiteral
  | TemplateLiteral
  | BooleanLiteral
  | NullLiteral
  | ListLiteral
  | TupleLiteral
  | DictLiteral
  | UnaryExpression
  | BinaryExpression
  | TypeTestExpression
  | ConditionalExpression
  | PropagateExpression
  | CallExpression
  | MemberExpression
  | IndexExpression
  | SliceExpression
  | VariantExpression
  | FunctionExpression
  | BlockExpression
  | MatchExpression
  | PythonEscapeExpression
  | ForkExpression
  | SpawnExpression
  | AwaitExpression
  | ErrorNode;

// ---------------------------------------------------------------------------------------------
// Patterns (match arms, let/for destructuring)
// ---------------------------------------------------------------------------------------------

export interface WildcardPattern extends NodeBase {
  readonly kind: 'WildcardPattern';
}

export interface BindingPattern extends NodeBase {
  readonly kind: 'BindingPattern';
  readonly name: Identifier;
}

export interface LiteralPattern extends NodeBase {
  readonly kind: 'LiteralPattern';
  readonly value: NumberLiteral | StringLiteral | BooleanLiteral | NullLiteral;
}

/** `(a, b)` */
export interface TuplePattern extends NodeBase {
  readonly kind: 'TuplePattern';
  readonly elements: readonly Pattern[];
}

/** `[a, b, ..rest]`; `rest` is the collector name, `null` when absent. */
export interface ArrayPattern extends NodeBase {
  readonly kind: 'ArrayPattern';
  readonly elements: readonly Pattern[];
  readonly rest: Identifier | null;
}

/** `name` (shorthand), `age: a` or `"age": a` inside a map pattern. */
export interface MapPatternEntry extends NodeBase {
  readonly kind: 'MapPatternEntry';
  readonly key: Identifier | StringLiteral;
  readonly value: Pattern | null;
}

export interface MapPattern extends NodeBase {
  readonly kind: 'MapPattern';
  readonly entries: readonly MapPatternEntry[];
  readonly rest: Identifier | null;
}

/** `Option::Some(v)`, `Option::None`, or `Some(v)` without the enum name. */
export interface VariantPattern extends NodeBase {
  readonly kind: 'VariantPattern';
  readonly enumName: Identifier | null;
  readonly variant: Identifier;
  readonly fields: readonly Pattern[] | null;
}

/** `intent("check weather")`: a semantic arm judged by the model. */
export interface IntentPattern extends NodeBase {
  readonly kind: 'IntentPattern';
  readonly description: Expression;
}

export type Pattern =
  | WildcardPattern
  | BindingPattern
  | LiteralPattern
  | TuplePattern
  | ArrayPattern
  | MapPattern
  | VariantPattern
  | IntentPattern
  | ErrorNode;

export type Node =
  | Program
  | Declaration
  | Statement
  | Expression
  | Pattern
  | TypeExpression
  | Property
  | PropertyBlock
  | Argument
  | Decorator
  | Parameter
  | ContractClause
  | Block
  | QualifiedName
  | McpUse
  | ProtocolField
  | StructField
  | EnumVariant
  | JobHandler
  | ServerDirective
  | CatchClause
  | StringText
  | SpreadElement
  | DictEntry
  | MatchArm
  | MapPatternEntry;
