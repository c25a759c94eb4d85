use {{ alias | quote }}
