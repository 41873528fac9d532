/// A system under test described by a model: the commands that can be run, when each is
/// allowed, and what the model says should happen.
///
/// `forAllSequences` generates sequences of commands, each drawn from `commands(for:)` in the
/// model state the previous ones led to and kept only when its precondition holds; runs them
/// on a fresh system; and fails when `run` returns `false` or throws. A failing sequence
/// shrinks like any other value — commands are dropped and their arguments simplified — and
/// stays valid throughout, because the sequence is regenerated through the model at every step.
public protocol StateMachine {
  associatedtype Model
  associatedtype System
  associatedtype Command

  /// The model's state before any command.
  var initialModel: Model { get }

  /// A fresh system under test.
  func makeSystem() -> System

  /// The commands that may be tried in `model`.
  func commands(for model: Model) -> Gen<Command>

  /// Whether `command` may run in `model`; commands for which it is `false` are not generated.
  func precondition(_ command: Command, model: Model) -> Bool

  /// The model's state after `command`.
  func apply(_ command: Command, to model: Model) -> Model

  /// Runs `command` on `system`, with `model` the state before it, and checks the outcome:
  /// `false` or a thrown error fails the property.
  func run(_ command: Command, on system: inout System, model: Model) throws -> Bool

  /// What must hold of the system in `model` after every command (and before the first):
  /// `false` or a thrown error fails the property. Holds always, unless you say otherwise.
  func invariant(_ system: System, model: Model) throws -> Bool

  /// The commands that may start a sequence, drawn once before any other (setting the system
  /// up: a screen size, a first placement); `nil`, the default, for none. The drawn command
  /// stays first while the sequence shrinks, and its arguments shrink like any other's.
  func initialCommands(for model: Model) -> Gen<Command>?
}

extension StateMachine {
  public func precondition(_ command: Command, model: Model) -> Bool { true }
  public func invariant(_ system: System, model: Model) throws -> Bool { true }
  public func initialCommands(for model: Model) -> Gen<Command>? { nil }
}

/// Generates sequences of up to `maximumLength` commands of `machine`, runs each on a fresh
/// system, and shrinks the first failing sequence; with a `database` and a `databaseKey`, a
/// stored failing sequence is replayed first, as `forAll` does.
public func forAllSequences<Machine: StateMachine>(
  _ machine: Machine, seed: UInt64? = nil, examples: Int = 100, maximumLength: Int = 30,
  timeLimit: Duration? = nil, shrinkLimit: Int = 10_000, database: FailureDatabase? = nil,
  databaseKey: String? = nil
) -> CheckResult<[Machine.Command]> {
  let sequences = commandSequences(machine, maximumLength: maximumLength)
  return forAll(
    sequences, seed: seed, examples: examples, timeLimit: timeLimit, shrinkLimit: shrinkLimit,
    database: database, databaseKey: databaseKey
  ) { commands in
    var system = machine.makeSystem()
    var model = machine.initialModel
    guard try machine.invariant(system, model: model) else { return false }
    for command in commands {
      guard try machine.run(command, on: &system, model: model) else { return false }
      model = machine.apply(command, to: model)
      guard try machine.invariant(system, model: model) else { return false }
    }
    return true
  }
}

/// Sequences of `machine`'s commands valid from its initial model: each drawn in the state the
/// ones before it lead to, and kept only if its precondition holds.
@inlinable
public func commandSequences<Machine: StateMachine>(
  _ machine: Machine, maximumLength: Int = 30
) -> Gen<[Machine.Command]> {
  // The machine is only read; the generator runs on one thread at a time. Its requirements are
  // taken as closures here, so the generator does not capture the machine's metatype (not
  // Sendable: Swift 6.2 warns of it).
  nonisolated(unsafe) let machine = SequenceWitness(machine)
  let probability = Double(max(maximumLength, 1)) / Double(max(maximumLength, 1) + 1)
  return Gen { testCase in
    var model = machine.initialModel()
    var commands: [Machine.Command] = []
    if let initial = machine.initialCommands(model) {
      let command = try testCase.span { () throws -> Machine.Command in
        for _ in 0..<20 {
          let command = try testCase.span { try initial.generate(testCase) }
          if machine.precondition(command, model) { return command }
        }
        throw TestCase.Discard()
      }
      commands.append(command)
      model = machine.apply(command, model)
    }
    while commands.count < maximumLength {
      let command: Machine.Command? = try testCase.span {
        guard try testCase.chooseBool(probability: probability) else { return nil }
        let candidates = machine.commands(model)
        for _ in 0..<20 {
          let command = try testCase.span { try candidates.generate(testCase) }
          if machine.precondition(command, model) { return command }
        }
        throw TestCase.Discard()
      }
      guard let command else { break }
      commands.append(command)
      model = machine.apply(command, model)
    }
    return commands
  }
}

/// What ``commandSequences(_:maximumLength:)`` asks of a machine, as closures.
@usableFromInline
struct SequenceWitness<Model, Command> {
  @usableFromInline let initialModel: () -> Model
  @usableFromInline let initialCommands: (Model) -> Gen<Command>?
  @usableFromInline let commands: (Model) -> Gen<Command>
  @usableFromInline let precondition: (Command, Model) -> Bool
  @usableFromInline let apply: (Command, Model) -> Model

  @inlinable
  init<Machine: StateMachine>(_ machine: Machine) where Machine.Model == Model, Machine.Command == Command {
    initialModel = { machine.initialModel }
    initialCommands = machine.initialCommands(for:)
    commands = machine.commands(for:)
    precondition = machine.precondition(_:model:)
    apply = machine.apply(_:to:)
  }
}
