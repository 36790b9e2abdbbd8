"""Running the command line in-process, as the CLI tests do: a command may exit with a status,
never with a Python exception or a traceback in its output."""

from click.testing import CliRunner

from cardrules.cli import cli


def run(*args, input=None):
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


def ok(*args, input=None):
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result
