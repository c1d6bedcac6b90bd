import CLibUV
import CLLHTTP
// Placeholder until the engine lands (issue 2).
public let libuvVersion = String(cString: uv_version_string())
