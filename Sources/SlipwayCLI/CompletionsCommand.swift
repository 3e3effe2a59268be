import SlipwayCore

/// `slipway completions bash|zsh|fish`: a completion script, written from the same declarations as `--help`.
enum CompletionsCommand: SlipwayCommand {
    static let about = CommandSpec.About(
        path: ["completions"],
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            bash: source <(slipway completions bash), or save it in a bash-completion folder.
            zsh: slipway completions zsh > ~/.zfunc/_slipway, with ~/.zfunc on $fpath before compinit.
            fish: slipway completions fish > ~/.config/fish/completions/slipway.fish
            """)

    enum Shell: String, OptionChoice {
        case bash, zsh, fish
    }

    struct Options: CommandOptions {
        var shell = Shell.bash
        static var declarations: [Declaration<Self>] { [.argument(\.shell, "shell", help: "bash, zsh or fish.")] }
    }

    static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
        let nodes = CompletionScript.nodes(SlipwayCommandLine.root)
        switch options.shell {
        case .bash: context.console.out(CompletionScript.bash(nodes))
        case .zsh: context.console.out(CompletionScript.zsh(nodes))
        case .fish: context.console.out(CompletionScript.fish(nodes))
        }
        return .success
    }
}

/// The three scripts. Each finds the command being typed the same way: starting at "slipway", every word that names
/// a subcommand of the command so far moves one level down ("slipway hooks install"); then it offers the value of
/// the option just typed, or the command's subcommands, options and argument words.
enum CompletionScript {
    struct Node {
        /// "slipway hooks install".
        var name: String
        var spec: CommandSpec
        var children: [String] { spec.subcommands.compactMap(\.path.last) }
        var options: [OptionInfo] {
            spec.options + [CommandSpec.helpOption]
        }
        /// The words the command's first argument can be, and whether it is a file.
        var argumentWords: [String] {
            guard case .words(let words)? = spec.arguments.first?.completion else { return [] }
            return words
        }
        var argumentIsFile: Bool { spec.arguments.first?.completion == .file }
        /// Everything offered where the command's own words go.
        var words: [String] { children + argumentWords + options.map { "--" + $0.name } }
    }

    static func nodes(_ root: CommandSpec) -> [Node] {
        var result: [Node] = []
        func visit(_ spec: CommandSpec) {
            result.append(Node(name: (["slipway"] + spec.path).joined(separator: " "), spec: spec))
            spec.subcommands.forEach(visit)
        }
        visit(root)
        return result
    }

    /// `"slipway hooks/install"`: the pairs (command so far, next word) that move down a level.
    private static func edges(_ nodes: [Node]) -> [String] {
        nodes.flatMap { node in node.children.map { "\"\(node.name)/\($0)\"" } }
    }

    /// Options that take a value, by what a shell may offer for it.
    private static func valueCases(_ nodes: [Node], _ body: (OptionInfo.Completion) -> String) -> String {
        var text = ""
        for node in nodes {
            for option in node.options where option.placeholder != nil {
                text += "        \"\(node.name)/--\(option.name)\") \(body(option.completion)) ;;\n"
            }
        }
        return text
    }

    static func bash(_ nodes: [Node]) -> String {
        var text = """
            # bash completion for slipway (slipway completions bash): source it, or save it in a bash-completion folder.
            _slipway() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" node="slipway" word i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    case "$node/$word" in
                        \(edges(nodes).joined(separator: "|"))) node="$node $word" ;;
                    esac
                done
                case "$node/$prev" in

            """
        text += valueCases(nodes) { completion in
            switch completion {
            case .none: return "COMPREPLY=(); return"
            case .file: return "COMPREPLY=($(compgen -f -- \"$cur\")); return"
            case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\")); return"
            case .words(let words):
                return "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return"
            }
        }
        text += "    esac\n    case \"$node\" in\n"
        for node in nodes {
            text +=
                "        \"\(node.name)\") COMPREPLY=($(compgen -W \"\(node.words.joined(separator: " "))\" -- \"$cur\"))"
            if node.argumentIsFile { text += "; [[ $cur == -* ]] || COMPREPLY+=($(compgen -f -- \"$cur\"))" }
            text += " ;;\n"
        }
        text += "    esac\n}\ncomplete -F _slipway slipway\n"
        return text
    }

    static func zsh(_ nodes: [Node]) -> String {
        var text = """
            #compdef slipway
            # zsh completion for slipway (slipway completions zsh): save it as _slipway in a folder on $fpath.
            _slipway() {
                local node="slipway" word i
                for ((i = 2; i < CURRENT; i++)); do
                    word="${words[i]}"
                    case "$node/$word" in
                        \(edges(nodes).joined(separator: "|"))) node="$node $word" ;;
                    esac
                done
                case "$node/${words[CURRENT-1]}" in

            """
        text += valueCases(nodes) { completion in
            switch completion {
            case .none: return "return 1"
            case .file: return "_files; return"
            case .directory: return "_files -/; return"
            case .words(let words): return "compadd -- \(words.joined(separator: " ")); return"
            }
        }
        text += "    esac\n    case \"$node\" in\n"
        for node in nodes {
            text += "        \"\(node.name)\") compadd -- \(node.words.joined(separator: " "))"
            if node.argumentIsFile { text += "; _files" }
            text += " ;;\n"
        }
        text += """
                esac
            }
            if [ "${funcstack[1]}" = "_slipway" ]; then _slipway "$@"; else compdef _slipway slipway; fi

            """
        return text
    }

    static func fish(_ nodes: [Node]) -> String {
        var text = """
            # fish completion for slipway (slipway completions fish): save it in ~/.config/fish/completions/.
            function __slipway_node
                set -l node slipway
                set -l words (commandline -opc)
                set -e words[1]
                for word in $words
                    switch "$node/$word"
                        case \(edges(nodes).joined(separator: " "))
                            set node "$node $word"
                    end
                end
                echo $node
            end
            function __slipway_at
                test (__slipway_node) = "$argv[1]"
            end
            complete -c slipway -f

            """
        for node in nodes {
            let at = "-n '__slipway_at \"\(node.name)\"'"
            for child in node.spec.subcommands {
                text +=
                    "complete -c slipway \(at) -a \(child.path.last ?? "") -d \(fishQuoted(summary(child.abstract)))\n"
            }
            if !node.argumentWords.isEmpty {
                text += "complete -c slipway \(at) -a \(fishQuoted(node.argumentWords.joined(separator: " ")))\n"
            }
            if node.argumentIsFile { text += "complete -c slipway \(at) -F\n" }
            for option in node.options {
                var line = "complete -c slipway \(at) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.placeholder != nil {
                    switch option.completion {
                    case .none: line += " -x"
                    case .file, .directory: line += " -r -F"
                    case .words(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                    }
                }
                text += line + " -d \(fishQuoted(summary(option.help)))\n"
            }
        }
        return text
    }

    /// The first sentence, short enough for a completion menu.
    private static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? help
        let line = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        return line.count > 70 ? String(line.prefix(69)) + "…" : line
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
