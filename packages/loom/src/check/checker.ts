/**
 * The semantic checker: after parsing, everything the compiler can tell about a program
 * without running it. Includes are expanded, declarations bound, names resolved, then agents,
 * protocols, decorators and literal types are checked, and harness forms and misplaced
 * `break`/`continue`/`return` reported.
 */
import type { Diagnostic } from '../diagnostic.js';
import type { Program } from '../syntax/ast.js';
import { checkAgent } from './agents.js';
import { checkJob } from './jobs.js';
import { checkServer, duplicatePorts } from './servers.js';
import { TemplateChecker } from './templates.js';
import { AnnotationChecker } from './annotations.js';
import { analyze } from './analysis.js';
import { CallChecker } from './calls.js';
import { MillisecondArgumentChecker } from './durations.js';
import type { Analysis, AnalysisOptions } from './analysis.js';
import { checkFlowDecorators, checkFunctionDecorators } from './decorators.js';
import { HarnessFormChecker } from './harness-forms.js';
import { PassTargetChecker } from './actors.js';
import { PipelineContextChecker } from './pipeline-context.js';
import { duplicateMembers } from './members.js';
import { MisplacedStatementFinder } from './placement.js';
import { checkProtocol } from './protocols.js';
import { checkImpl } from './traits.js';
import { StdReferenceChecker } from './std-references.js';
import { RequestCallFinder, requestFunctionsOutsideServers } from './request-functions.js';
import { UnsupportedExpressionFinder } from './runtime-support.js';
import { agentToolProblems } from './agent-tools.js';
import { skillImplementationProblems } from './agent-skills.js';
import type { ToolSources } from './agent-tools.js';
import { resourceBlockProblems } from './resource-blocks.js';
import { walkWith } from '../syntax/walk.js';
import type { NodeVisitor } from '../syntax/walk.js';

export type CheckOptions = AnalysisOptions;

/**
 * Checks `program` (parsed from `program.span.file`) and the files it includes. Returns the
 * semantic errors of all of them, plus the syntax errors of included files, in source order.
 */
export function check(program: Program, options: CheckOptions): Diagnostic[] {
  return checkAnalyzed(analyze(program, options));
}

/**
 * `check` on a program already analysed, so that lint can share the analysis with it.
 * `alongside` are visitors of other passes (the harness rules) that ride on the checks' one
 * traversal of the tree instead of walking it again.
 */
export function checkAnalyzed(analysis: Analysis, alongside: readonly NodeVisitor[] = []): Diagnostic[] {
  const nodeChecks = [
    new AnnotationChecker(analysis.resolution),
    new CallChecker(analysis.resolution),
    new MillisecondArgumentChecker(analysis.resolution),
    new HarnessFormChecker(analysis.bound.globals, analysis.resolution),
    new PassTargetChecker(analysis.resolution),
    new PipelineContextChecker(analysis.resolution, analysis.bound.globals),
    new MisplacedStatementFinder(),
    new TemplateChecker(),
    new StdReferenceChecker(analysis.resolution),
    new UnsupportedExpressionFinder(analysis.resolution),
  ];
  const requestCalls = new RequestCallFinder(analysis.resolution);
  const visitors = [...nodeChecks, requestCalls, ...alongside];
  for (const unit of analysis.expanded.units) walkWith(unit.program, visitors);
  const diagnostics: Diagnostic[] = [
    ...analysis.expanded.diagnostics,
    ...analysis.bound.diagnostics,
    ...analysis.resolution.diagnostics,
    ...nodeChecks.flatMap((nodeCheck) => nodeCheck.diagnostics),
  ];
  const items = analysis.expanded.items.map(({ item }) => item);
  if (requestCalls.found) diagnostics.push(...requestFunctionsOutsideServers(analysis.requestCalls(), analysis.resolution));
  const hasAuthBlock = items.some((item) => item.kind === 'ResourceDeclaration' && item.resource === 'auth');
  diagnostics.push(...duplicatePorts(items.filter((item) => item.kind === 'ServerDeclaration')));
  const toolSources: ToolSources = { globals: analysis.bound.globals, resourceNames: analysis.resourceNames };
  for (const item of items) {
    switch (item.kind) {
      case 'AgentDeclaration': {
        diagnostics.push(...checkAgent(item, analysis.agentDecorators(item)));
        diagnostics.push(...agentToolProblems(item, toolSources));
        const experience = analysis.agentExperiences.get(item);
        if (experience?.kind === 'problem') diagnostics.push(experience.diagnostic);
        const skills = analysis.agentSkills.get(item);
        if (skills !== undefined) diagnostics.push(...skills.diagnostics, ...skillImplementationProblems(item, skills, analysis.bound.globals));
        break;
      }
      case 'JobDeclaration':
        diagnostics.push(...checkJob(item, analysis.bound.globals));
        break;
      case 'ServerDeclaration':
        diagnostics.push(...checkServer(item, { hasAuthBlock }));
        break;
      case 'ProtocolDeclaration':
        diagnostics.push(...checkProtocol(item));
        break;
      case 'FlowDeclaration':
        diagnostics.push(...checkFlowDecorators(item.decorators));
        break;
      case 'FunctionDeclaration':
        diagnostics.push(...checkFunctionDecorators(item.decorators));
        break;
      case 'StructDeclaration':
        diagnostics.push(...duplicateMembers(item.fields, 'field', `struct '${item.name.name}'`));
        break;
      case 'EnumDeclaration':
        diagnostics.push(...duplicateMembers(item.variants, 'variant', `enum '${item.name.name}'`));
        break;
      case 'TraitDeclaration':
        diagnostics.push(...duplicateMembers(item.methods, 'method', `trait '${item.name.name}'`));
        break;
      case 'ImplDeclaration':
        diagnostics.push(
          ...duplicateMembers(item.methods, 'method', `impl of '${item.trait.name}' for '${item.target.name}'`),
          ...checkImpl(item, analysis.bound.globals),
        );
        break;
      case 'ResourceDeclaration':
        diagnostics.push(...resourceBlockProblems(item));
        break;
      default:
        break;
    }
  }
  return inSourceOrder(diagnostics);
}

export function inSourceOrder<T extends Pick<Diagnostic, 'span'>>(diagnostics: readonly T[]): T[] {
  return [...diagnostics].sort(
    (a, b) => a.span.file.localeCompare(b.span.file) || a.span.start.offset - b.span.start.offset,
  );
}
