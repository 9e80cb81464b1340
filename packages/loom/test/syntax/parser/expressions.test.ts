import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expression, flowBody, render, syntaxErrors } from '../helpers.js';

const rendered = (source: string): string => render(expression(source));

describe('expressions', () => {
  describe('precedence', () => {
    it('binds * over + over comparison over and over or', () => {
      assert.equal(rendered('a + b * c == d or e and not f'), '(or (== (+ a (* b c)) d) (and e (not f)))');
    });

    it('is left-associative for + and right-associative for **', () => {
      assert.equal(rendered('a - b - c'), '(- (- a b) c)');
      assert.equal(rendered('a ** b ** c'), '(** a (** b c))');
      assert.equal(rendered('-a ** 2'), '(- (** a 2))');
    });

    it('applies not to a whole comparison', () => {
      assert.equal(rendered('not a == b'), '(not (== a b))');
    });

    it('pipes |> below arithmetic and above ??', () => {
      assert.equal(rendered('x + 1 |> f |> g(2) ?? "none"'), '(?? (|> (|> (+ x 1) f) (call g 2)) "none")');
    });

    it('chains the agent pipeline and DAG operators left to right', () => {
      assert.equal(rendered('"topic" |>> [A, B] &>> C >> D'), '(>> (&>> (|>> "topic" [A B]) C) D)');
      assert.equal(rendered('q |>> [E1, E2] && Judge'), '(&& (|>> q [E1 E2]) Judge)');
      assert.equal(rendered('note || [Log, Stats]'), '(|| note [Log Stats])');
    });

    it('reads `?? A : B` as the DAG conditional branch', () => {
      assert.equal(rendered('query ?? Urgent : Normal'), '(?: query Urgent Normal)');
    });

    it('puts otherwise and fallback lowest', () => {
      assert.equal(rendered('A.run(x) >> B otherwise C.run(x)'), '(otherwise (>> (call A.run x) B) (call C.run x))');
      assert.equal(rendered('f(x)? otherwise "cached"'), '(otherwise (? (call f x)) "cached")');
      assert.equal(rendered('V.run("x", img) fallback "Fallback"'), '(fallback (call V.run "x" img) "Fallback")');
    });

    it('accepts a block or a map after otherwise', () => {
      assert.equal(rendered('risky() otherwise {\n  log("x")\n  return 1\n}'), '(otherwise (call risky) (block 2))');
      assert.equal(rendered('db.query("q") otherwise {"users": []}'), '(otherwise (call db.query "q") {"users": []})');
    });

    it('reads in and is as comparisons', () => {
      assert.equal(rendered('x in items and r is Err'), '(and (in x items) (is r Err))');
    });

    it('reads the target of is as a type or an Enum::Variant, and is not as its negation', () => {
      assert.equal(rendered('a + b is int or v is list[str]'), '(or (is (+ a b) int) (is v list[str]))');
      assert.equal(rendered('n is int | float'), '(is n int | float)');
      assert.equal(rendered('r is Result::Err'), '(is r Result::Err)');
      assert.equal(rendered('x is not None and y'), '(and (is-not x None) y)');
    });

    it('continues an expression when a symbolic operator starts the next line', () => {
      assert.equal(rendered('data\n  |> parse\n  |> render'), '(|> (|> data parse) render)');
    });
  });

  describe('postfix forms', () => {
    it('reads calls, members, indexes, slices and ?', () => {
      assert.equal(rendered('std.fs.read_file(p)[0].name?'), '(? (index (call std.fs.read_file p) 0).name)');
      assert.equal(rendered('items[1:]'), '(slice items 1 _)');
      assert.equal(rendered('items[:n]'), '(slice items _ n)');
    });

    it('reads named arguments with : and =', () => {
      assert.equal(rendered('Point(x: 1, y: 2)'), '(call Point x=1 y=2)');
      assert.equal(rendered('Base.clone(new_name="S", model=m)'), '(call Base.clone new_name="S" model=m)');
    });

    it('reads enum variants with and without payloads', () => {
      assert.equal(rendered('Option::Some(42)'), '(call Option::Some 42)');
      assert.equal(rendered('Direction::North'), 'Direction::North');
      assert.equal(rendered('Option::None'), 'Option::None');
    });

    it('reads member access after a call result', () => {
      assert.equal(rendered('join(A, B).Summarizer("go")'), '(call (call join A B).Summarizer "go")');
    });

    it('reads Point { x: 1 } as the struct construction Point(x: 1)', () => {
      assert.equal(rendered('User{name: "Al", age: 3}'), '(call User name="Al" age=3)');
    });

    it('does not read a call or index across a line break', () => {
      const statements = flowBody('x = a\n(b)\n[c]');
      assert.deepEqual(statements.map((s) => s.kind), ['AssignmentStatement', 'ExpressionStatement', 'ExpressionStatement']);
    });
  });

  describe('literals', () => {
    it('reads booleans and the three spellings of null', () => {
      assert.equal(rendered('[true, false, null, none, None]'), '[true false null null null]');
    });

    it('reads lists with spread, tuples and maps', () => {
      assert.equal(rendered('[1, ..rest,]'), '[1 ..rest]');
      assert.equal(rendered('(1, "a")'), '(tuple 1 "a")');
      assert.equal(rendered('()'), '(tuple)');
      assert.equal(rendered('{"a": 1, status: "ok"}'), '{"a": 1, status: "ok"}');
      assert.equal(rendered('map { "user_id": "123" }'), '{"user_id": "123"}');
    });

    it('reads maps and lists spread over several lines', () => {
      assert.equal(rendered('{\n  "a": [\n    1,\n    2\n  ],\n}'), '{"a": [1 2]}');
    });

    it('parses each #{} interpolation as an expression', () => {
      assert.equal(rendered('"Hi #{user.name}, #{items[0] ?? "none"}!"'), '(str "Hi " user.name ", " (?? (index items 0) "none") "!")');
    });

    it('reads triple strings, regexes, templates and durations', () => {
      assert.equal(rendered('"""\nmulti\n"""'), '"\\nmulti\\n"');
      assert.equal(rendered(String.raw`r"\d+"`), String.raw`r"\\d+"`);
      assert.equal(rendered('template"""Hello {{name | upper}}"""'), 'template"Hello {{name | upper}}"');
      assert.equal(rendered('after(500ms, f)'), '(call after 500ms f)');
    });

    it("reads Nexa's `every 30s` in an argument as the duration, and `every` elsewhere as a name", () => {
      assert.equal(rendered('schedule(every 30s, f)'), '(call schedule 30s f)');
      assert.equal(rendered('schedule(interval: every 1m, handler: f)'), '(call schedule interval=1m handler=f)');
      assert.equal(rendered('f(every, every + 1)'), '(call f every (+ every 1))');
    });

    it('keeps python! code verbatim', () => {
      assert.equal(rendered('python! """\nreturn 1\n"""'), '(python "\\nreturn 1\\n")');
    });
  });

  describe('compound forms', () => {
    it('reads closures', () => {
      assert.equal(rendered('parallel([fn() { "a" }, fn(x, y) { x + y }])'), '(call parallel [(fn ) (fn x y)])');
    });

    it('reads match and fast_match as expressions', () => {
      assert.equal(rendered('match code { 200 => "ok", _ => "no" }'), '(match code 2)');
      assert.equal(rendered('fast_match input {\n intent("weather") => W.run(input),\n _ => C.run(input)\n}'), '(fast_match input 2)');
    });

    it('reads actor spawn and await with a timeout', () => {
      assert.equal(rendered('spawn Worker("data")'), '(spawn (call Worker "data"))');
      assert.equal(rendered('spawn(fn() { work() })'), '(call spawn (fn ))');
      assert.equal(rendered('await worker, 30'), '(await worker 30)');
    });

    it('reads the bracket forms of parallel and race as calls, and race[0] as indexing', () => {
      assert.equal(rendered('parallel [a, b]'), rendered('parallel([a, b])'));
      assert.equal(rendered('race [a, b]'), rendered('race([a, b])'));
      assert.notEqual(rendered('race[0]'), rendered('race([0])'));
    });
  });

  describe('errors', () => {
    it('reports a missing operand at the token that ends the expression', () => {
      assert.deepEqual(syntaxErrors('flow main {\n  x = 1 +\n}'), ["3:1 Syntax error: expected an expression, found '}'"]);
    });

    it('reports an unclosed call once', () => {
      assert.deepEqual(syntaxErrors('flow main {\n  f(a, b\n  y = 2\n}'), ["3:3 Syntax error: expected ',' or ')' after the argument, found 'y'"]);
    });

    it('reports an empty interpolation', () => {
      assert.deepEqual(syntaxErrors('flow main { print("a #{} b") }'), ["1:22 Syntax error: empty interpolation '#{}': write an expression between the braces"]);
    });

    it('reports a broken interpolation at its position in the file', () => {
      assert.deepEqual(syntaxErrors('flow main {\n  print("v=#{a +}")\n}'), ["2:17 Syntax error: expected an expression, found the '}' that ends the interpolation"]);
    });
  });
});
