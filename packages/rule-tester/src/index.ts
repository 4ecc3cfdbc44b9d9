// @cdx/rule-tester: the harness every cdx rule's suite runs on (private to the workspace).
export {
  assertInvalid,
  assertSuite,
  assertValid,
  RuleTester,
  type Adapter,
  type ExpectedError,
  type ExpectedSuggestion,
  type InvalidCase,
  type Outcome,
  type RuleTests,
  type TestedFinding,
  type TestedSuggestion,
  type TesterSettings,
  type TestedRule,
  type ValidCase,
} from './rule-tester.js';
export { messageProblems, QUOTES_BRACES } from './message-check.js';
