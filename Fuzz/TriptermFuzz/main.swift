import Foundation

exit(FuzzDriver.main(CommandLine.arguments))
