import Foundation

/// Validates Lottie files against the Lottie specification's JSON schema (`lottie.schema.json`
/// from PyPI's `lottie-specs`, found beside its Python package) with `jsonschema`'s draft
/// 2020-12 validator: one python3 process for every file.
public enum LottieSchemaValidator {
    /// The python program: prints "ok FILE" or "invalid FILE: WHERE: WHY" for each argument.
    static let program = """
    import json, os, sys
    try:
        import jsonschema, lottie_specs
    except ImportError as error:
        print("missing " + str(error)); sys.exit(3)
    path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    schema = json.load(open(path))
    validator = jsonschema.Draft202012Validator(schema)
    for name in sys.argv[1:]:
        errors = sorted(validator.iter_errors(json.load(open(name))), key=lambda e: list(map(str, e.path)))
        if errors:
            first = errors[0]
            print("invalid %s: %s: %s" % (name, "/".join(map(str, first.path)), first.message[:300]))
        else:
            print("ok " + name)
    """

    /// The files that do not validate, each with its first error; empty when all do.
    public static func invalidFiles(_ files: [String]) throws -> [String] {
        let python = try Tool.path("python3")
        let run = try runTool(python, ["-c", program] + files)
        if run.status == 3 || run.stdout.hasPrefix("missing") {
            throw MissingTool(name: "python3 modules jsonschema and lottie_specs (\(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))",
                              hint: "run `make test`, which installs lottie-specs and jsonschema with pip")
        }
        guard run.status == 0 else { throw RlottiePlayer.Failure(description: "the schema check failed: \(run.stderr)") }
        let lines = run.stdout.split(separator: "\n").map(String.init)
        guard lines.count == files.count else {
            throw RlottiePlayer.Failure(description: "the schema check answered \(lines.count) of \(files.count) files: \(run.stderr)")
        }
        return lines.filter { !$0.hasPrefix("ok ") }
    }
}
